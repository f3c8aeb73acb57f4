import { describe, expect, it } from 'vitest';
import { askToBeControlled, CLAIM_MESSAGE } from '../../src/app/claim-page';

function fakeContainer(opts: { controlled: boolean; active: boolean; waiting?: boolean }) {
  const sent: unknown[] = [];
  const active = opts.active ? ({ postMessage: (m: unknown) => sent.push(m) } as unknown as ServiceWorker) : null;
  const waiting = opts.waiting ? ({} as ServiceWorker) : null;
  const container = {
    ready: Promise.resolve({ active, waiting } as ServiceWorkerRegistration),
    controller: opts.controlled ? ({} as ServiceWorker) : null,
  };
  return { container, sent };
}

describe('askToBeControlled', () => {
  it('asks the active worker to claim a page it does not control', async () => {
    const { container, sent } = fakeContainer({ controlled: false, active: true });
    expect(await askToBeControlled(container)).toBe(true);
    expect(sent).toEqual([{ type: CLAIM_MESSAGE }]);
  });

  it('leaves a controlled page alone', async () => {
    const { container, sent } = fakeContainer({ controlled: true, active: true });
    expect(await askToBeControlled(container)).toBe(false);
    expect(sent).toEqual([]);
  });

  it('leaves the page to the update prompt while a new version waits', async () => {
    const { container, sent } = fakeContainer({ controlled: false, active: true, waiting: true });
    expect(await askToBeControlled(container)).toBe(false);
    expect(sent).toEqual([]);
  });

  it('sends nothing when no worker is active', async () => {
    const { container, sent } = fakeContainer({ controlled: false, active: false });
    expect(await askToBeControlled(container)).toBe(false);
    expect(sent).toEqual([]);
  });
});
