/**
 * Debian's Chromium driven over the DevTools protocol without Playwright, for a load that must run as a user's does.
 * Playwright enables the Runtime domain on every page it knows, and with it V8 records a detailed stack (lines and
 * columns) for every Error the page makes: React's client makes five at its start, so in a new process V8 re-parses
 * react-dom's whole bundled module for their source positions, about 60 ms more in that module's evaluation at 4x
 * (decision 031). This client sends only what it is asked to: no Runtime.enable, no debugger.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Reply {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message: string };
}

export interface RawPage {
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Resolves with the next event of that name. */
  next(method: string, timeoutMs?: number): Promise<unknown>;
  /** An expression's value in the page (a promise is awaited): Runtime.evaluate needs no Runtime.enable. */
  evaluate<T>(expression: string): Promise<T>;
}

export interface RawChromium {
  page: RawPage;
  close(): Promise<void>;
}

async function devtoolsUrl(proc: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools: ${text.slice(-500)}`)), 30_000);
    proc.stderr?.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before DevTools opened: ${text.slice(-500)}`)));
  });
}

/** How long one protocol call may take before it fails (a crashed renderer never answers). */
const CALL_MS = 90_000;

/** Chromium with `args` (a --user-data-dir, say), and its first tab over the protocol. */
export async function launchRawChromium(executable: string, args: string[]): Promise<RawChromium> {
  const proc = spawn(executable, [...args, '--remote-debugging-port=0', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const kill = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill();
    await exited;
  };
  try {
    return await connect(proc, kill);
  } catch (e) {
    // Nothing else would stop it, and its profile is about to be deleted.
    await kill();
    throw e;
  }
}

async function connect(proc: ChildProcess, kill: () => Promise<void>): Promise<RawChromium> {
  const port = new URL(await devtoolsUrl(proc)).port;
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((t) => t.type === 'page');
  if (!target) throw new Error('Chromium opened no tab');
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error('could not reach the tab over the DevTools protocol'));
  });
  let lastId = 0;
  const pending = new Map<number, (r: Reply) => void>();
  const waiting = new Map<string, ((params: unknown) => void)[]>();
  ws.onmessage = (m) => {
    const reply = JSON.parse(String(m.data)) as Reply;
    if (reply.id !== undefined) pending.get(reply.id)?.(reply);
    else if (reply.method) for (const w of waiting.get(reply.method)?.splice(0) ?? []) w(reply.params);
  };
  // A closed socket (the browser gone) fails every call still waiting, rather than leaving it pending.
  ws.onclose = () => {
    for (const answer of [...pending.values()]) answer({ error: { message: 'the DevTools connection closed' } });
  };
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      const timer = setTimeout(() => pending.get(id)?.({ error: { message: `no answer within ${CALL_MS} ms` } }), CALL_MS);
      pending.set(id, (r) => {
        clearTimeout(timer);
        pending.delete(id);
        if (r.error) reject(new Error(`${method}: ${r.error.message}`));
        else resolve(r.result as T);
      });
      ws.send(JSON.stringify({ id, method, params }));
    });
  const page: RawPage = {
    send,
    next: (method, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const list = waiting.get(method) ?? [];
        const waiter = (p: unknown) => {
          clearTimeout(timer);
          resolve(p);
        };
        // A waiter that timed out leaves the list, so a later event is not handed to it.
        const timer = setTimeout(() => {
          const at = list.indexOf(waiter);
          if (at >= 0) list.splice(at, 1);
          reject(new Error(`no ${method} within ${timeoutMs} ms`));
        }, timeoutMs);
        list.push(waiter);
        waiting.set(method, list);
      }),
    async evaluate<T>(expression: string) {
      const r = await send<{ result: { value?: unknown }; exceptionDetails?: { text: string; exception?: { description?: string } } }>(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
      );
      if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
      return r.result.value as T;
    },
  };
  return {
    page,
    async close() {
      ws.close();
      await kill();
    },
  };
}
