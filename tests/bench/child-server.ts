/** Reading a bench's server process: the first line it prints that starts with a given word. */
import type { ChildProcess } from 'node:child_process';

export function lineStarting(child: ChildProcess, prefix: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    // Each wait removes its own listeners, so a bench may ask a long-lived server many times.
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no "${prefix}" line from the server within ${timeoutMs} ms`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`the server exited (${code})`));
    };
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      const hit = lines.find((l) => l.startsWith(prefix));
      if (hit === undefined) return;
      done();
      resolve(hit.slice(prefix.length));
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}
