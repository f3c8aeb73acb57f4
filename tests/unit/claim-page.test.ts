import { describe, expect, it } from 'vitest';
import { askToBeControlled, CLAIM_MESSAGE } from '../../src/app/claim-page';

/** A container whose controller appears after `claimsNeeded` asks (never, when null). */
function fakeContainer(opts: {
  controlled: boolean;
  active: boolean;
  waiting?: boolean;
  state?: ServiceWorkerState;
  claimsNeeded?: number | null;
}) {
  const sent: unknown[] = [];
  const container = {
    ready: Promise.resolve({} as ServiceWorkerRegistration),
    controller: opts.controlled ? ({} as ServiceWorker) : null,
  };
  const worker = {
    state: opts.state ?? 'activated',
    postMessage: (m: unknown) => {
      sent.push(m);
      const needed = opts.claimsNeeded === undefined ? 1 : opts.claimsNeeded;
      if (needed !== null && sent.length >= needed) container.controller = {} as ServiceWorker;
    },
  };
  const reg = { active: opts.active ? (worker as unknown as ServiceWorker) : null, waiting: opts.waiting ? ({} as ServiceWorker) : null };
  container.ready = Promise.resolve(reg as ServiceWorkerRegistration);
  return { container, sent, worker };
}

/** Runs every wait at once, recording how long each was. */
function instantTimers() {
  const waits: number[] = [];
  return {
    waits,
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        waits.push(ms);
        queueMicrotask(fn);
      },
    },
  };
}

describe('askToBeControlled', () => {
  it('asks the active worker to claim a page it does not control', async () => {
    const { container, sent } = fakeContainer({ controlled: false, active: true });
    const { timers } = instantTimers();
    expect(await askToBeControlled(container, timers)).toBe(true);
    expect(sent).toEqual([{ type: CLAIM_MESSAGE }]);
  });

  it('asks again, backing off, until the page is controlled', async () => {
    const { container, sent } = fakeContainer({ controlled: false, active: true, claimsNeeded: 3 });
    const { timers, waits } = instantTimers();
    expect(await askToBeControlled(container, timers, [10, 20, 30, 40])).toBe(true);
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([10, 20, 30]);
  });

  it('gives up after the last wait when no ask is heard', async () => {
    const { container, sent } = fakeContainer({ controlled: false, active: true, claimsNeeded: null });
    const { timers, waits } = instantTimers();
    expect(await askToBeControlled(container, timers, [10, 20])).toBe(false);
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([10, 20]);
  });

  it('waits for a worker still activating before asking', async () => {
    const { container, sent, worker } = fakeContainer({ controlled: false, active: true, state: 'activating' });
    const timers = {
      setTimeout: (fn: () => void) => {
        worker.state = 'activated';
        queueMicrotask(fn);
      },
    };
    expect(await askToBeControlled(container, timers, [10])).toBe(true);
    expect(sent).toEqual([{ type: CLAIM_MESSAGE }]);
  });

  it('leaves a controlled page alone', async () => {
    const { container, sent } = fakeContainer({ controlled: true, active: true });
    expect(await askToBeControlled(container, instantTimers().timers)).toBe(true);
    expect(sent).toEqual([]);
  });

  it('leaves the page to the update prompt while a new version waits', async () => {
    const { container, sent } = fakeContainer({ controlled: false, active: true, waiting: true });
    expect(await askToBeControlled(container, instantTimers().timers)).toBe(false);
    expect(sent).toEqual([]);
  });

  it('sends nothing when no worker is active', async () => {
    const { container, sent } = fakeContainer({ controlled: false, active: false });
    expect(await askToBeControlled(container, instantTimers().timers)).toBe(false);
    expect(sent).toEqual([]);
  });
});
