import { describe, expect, it } from 'vitest';
import { INSTALL_RETRY_DELAYS_MS, keepInstalling, registerLater } from '../../src/app/keep-installing';

/** A worker whose state the test moves, firing statechange as a browser does. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  move(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
}

/** Timers the test fires by hand, recording each delay asked for. */
function manualTimers() {
  const queue: Array<{ fn: () => void; ms: number }> = [];
  return {
    delays: () => queue.map((t) => t.ms),
    setTimeout(fn: () => void, ms: number) {
      queue.push({ fn, ms });
    },
    async fireNext() {
      const t = queue.shift();
      if (!t) throw new Error('no timer pending');
      t.fn();
      // Let register()'s promise settle.
      await new Promise((r) => setTimeout(r, 0));
    },
    pending: () => queue.length,
  };
}

const asReg = (r: FakeRegistration) => r as unknown as ServiceWorkerRegistration;

describe('keepInstalling', () => {
  it('does nothing once a worker is active', () => {
    const reg = new FakeRegistration();
    reg.active = new FakeWorker();
    const timers = manualTimers();
    keepInstalling(asReg(reg), () => Promise.reject(new Error('not called')), timers);
    expect(timers.pending()).toBe(0);
  });

  it('a successful install schedules nothing', () => {
    const reg = new FakeRegistration();
    const worker = new FakeWorker();
    reg.installing = worker;
    const timers = manualTimers();
    keepInstalling(asReg(reg), () => Promise.reject(new Error('not called')), timers);
    reg.installing = null;
    reg.active = worker;
    worker.move('activated');
    expect(timers.pending()).toBe(0);
  });

  it('registers again, backing off, after each failed first install until one succeeds', async () => {
    const timers = manualTimers();
    const registrations: FakeRegistration[] = [];
    const register = () => {
      const reg = new FakeRegistration();
      reg.installing = new FakeWorker();
      registrations.push(reg);
      return Promise.resolve(asReg(reg));
    };
    const first = new FakeRegistration();
    const failing = new FakeWorker();
    first.installing = failing;
    keepInstalling(asReg(first), register, timers);

    first.installing = null;
    failing.move('redundant');
    expect(timers.delays()).toEqual([INSTALL_RETRY_DELAYS_MS[0]]);
    await timers.fireNext();
    expect(registrations).toHaveLength(1);

    // The second attempt fails too: the next delay is longer.
    const second = registrations[0]!;
    const secondWorker = second.installing!;
    second.installing = null;
    secondWorker.move('redundant');
    expect(timers.delays()).toEqual([INSTALL_RETRY_DELAYS_MS[1]]);
    await timers.fireNext();

    // The third succeeds: nothing more is scheduled.
    const third = registrations[1]!;
    const thirdWorker = third.installing!;
    third.installing = null;
    third.active = thirdWorker;
    thirdWorker.move('activated');
    expect(timers.pending()).toBe(0);
  });

  it('a registration whose install already failed is retried at once', () => {
    const timers = manualTimers();
    keepInstalling(asReg(new FakeRegistration()), () => Promise.reject(new Error('offline')), timers);
    expect(timers.delays()).toEqual([INSTALL_RETRY_DELAYS_MS[0]]);
  });

  it('a failed update leaves the active worker alone', () => {
    const reg = new FakeRegistration();
    reg.active = new FakeWorker();
    const update = new FakeWorker();
    reg.installing = update;
    const timers = manualTimers();
    keepInstalling(asReg(reg), () => Promise.reject(new Error('not called')), timers);
    update.move('redundant');
    expect(timers.pending()).toBe(0);
  });
});

describe('registerLater', () => {
  it('stops where registration is switched off (register resolves with nothing, as when a harness blocks workers)', async () => {
    const timers = manualTimers();
    let calls = 0;
    registerLater(() => {
      calls++;
      return Promise.resolve(undefined);
    }, timers);
    await timers.fireNext();
    expect(calls).toBe(1);
    expect(timers.pending()).toBe(0);
  });

  it('keeps trying while the script cannot be fetched, the delay growing to its last value', async () => {
    const timers = manualTimers();
    let calls = 0;
    const register = () => {
      calls++;
      return Promise.reject(new Error('offline'));
    };
    registerLater(register, timers);
    const seen: number[] = [];
    for (let i = 0; i < INSTALL_RETRY_DELAYS_MS.length + 2; i++) {
      seen.push(timers.delays()[0]!);
      await timers.fireNext();
    }
    expect(calls).toBe(INSTALL_RETRY_DELAYS_MS.length + 2);
    const last = INSTALL_RETRY_DELAYS_MS[INSTALL_RETRY_DELAYS_MS.length - 1]!;
    expect(seen).toEqual([...INSTALL_RETRY_DELAYS_MS, last, last]);
  });
});
