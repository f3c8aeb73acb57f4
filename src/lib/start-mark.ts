/**
 * Names a step of the app's start in the page's performance timeline. A cold start on a phone is a chain of tasks
 * (the entry's steps, each route chunk's load); the bench lists the marks inside each long task, so it can say which
 * step a long one was (decision 031). A mark costs microseconds and the page keeps a few dozen.
 */
export const START_MARK_PREFIX = 'lockstep:start:';

export function markStart(step: string): void {
  performance.mark(START_MARK_PREFIX + step);
}
