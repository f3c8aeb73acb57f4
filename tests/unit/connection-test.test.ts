/** The staff panel's connection test (spec §4, §9): idle → testing → connected or failed → idle, and stale runs change nothing. */
import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TEST_RESET_MS,
  connectionTestLabel,
  connectionTestReducer as step,
  initialConnectionTest,
} from '../../src/lib/connection-test';

describe('connectionTestReducer', () => {
  it('runs idle → testing → connected → idle with the labels of each state', () => {
    const testing = step(initialConnectionTest, { type: 'start', run: 1 });
    expect(connectionTestLabel(initialConnectionTest)).toBe('Test Connection');
    expect(connectionTestLabel(testing)).toBe('Testing...');
    const connected = step(testing, { type: 'succeeded', run: 1, elapsedMs: 12, users: 6 });
    expect(connected).toEqual({ status: 'connected', run: 1, elapsedMs: 12, users: 6 });
    expect(connectionTestLabel(connected)).toBe('Connected');
    expect(step(connected, { type: 'reset', run: 1 })).toEqual(initialConnectionTest);
    expect(CONNECTION_TEST_RESET_MS).toBe(3000);
  });

  it('a failure shows Failed, then idle again', () => {
    const failed = step(step(initialConnectionTest, { type: 'start', run: 1 }), { type: 'failed', run: 1, message: 'down' });
    expect(connectionTestLabel(failed)).toBe('Failed');
    expect(step(failed, { type: 'reset', run: 1 })).toEqual(initialConnectionTest);
  });

  it('an older run’s answer or reset changes nothing', () => {
    const first = step(step(initialConnectionTest, { type: 'start', run: 1 }), { type: 'succeeded', run: 1, elapsedMs: 1, users: 1 });
    const second = step(first, { type: 'start', run: 2 });
    expect(second).toEqual({ status: 'testing', run: 2 });
    expect(step(second, { type: 'reset', run: 1 })).toBe(second);
    expect(step(second, { type: 'failed', run: 1, message: 'old' })).toBe(second);
    // One test at a time: a second start while testing keeps the first.
    expect(step(second, { type: 'start', run: 3 })).toBe(second);
  });
});
