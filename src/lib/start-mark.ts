/**
 * Names a step of the app's start in the page's performance timeline. A cold start on a phone is a chain of tasks
 * (the entry's steps, each route chunk's load); the bench lists the marks inside each long task, so it can say which
 * step a long one was (decision 031). The start ends when the first screen has painted (content-ready.ts): later
 * navigations make no marks, so a shift of them does not fill the page's timeline.
 */
export const START_MARK_PREFIX = 'lockstep:start:';

let started = true;

export function markStart(step: string): void {
  if (started) performance.mark(START_MARK_PREFIX + step);
}

/** The first screen has painted: the start's steps are over. */
export function endStartMarks(): void {
  started = false;
}
