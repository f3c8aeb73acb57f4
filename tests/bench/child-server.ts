/** Reading a bench's server process: the first line it prints that starts with a given word. */
import type { ChildProcess } from 'node:child_process';

export function lineStarting(child: ChildProcess, prefix: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => {
      child.stdout?.off('data', onData);
      reject(new Error(`no "${prefix}" line from the server within ${timeoutMs} ms`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      const hit = lines.find((l) => l.startsWith(prefix));
      if (hit === undefined) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(hit.slice(prefix.length));
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}
