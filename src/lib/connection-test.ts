/**
 * The staff panel's connection test (spec §2, §4, §9): idle → testing →
 * connected or failed → idle again 3 s later. A pure reducer, so the screen
 * only runs the request and the timer. Each test carries its own run number
 * (the caller counts), so an answer or a reset timer of an older run changes
 * nothing.
 */

/** Spec §9: the result stays on the button this long before it goes back to idle. */
export const CONNECTION_TEST_RESET_MS = 3000;

export type ConnectionTestState =
  | { status: 'idle' }
  | { status: 'testing'; run: number }
  | { status: 'connected'; run: number; elapsedMs: number; users: number | null }
  | { status: 'failed'; run: number; message: string };

export type ConnectionTestEvent =
  | { type: 'start'; run: number }
  | { type: 'succeeded'; run: number; elapsedMs: number; users: number | null }
  | { type: 'failed'; run: number; message: string }
  | { type: 'reset'; run: number };

export const initialConnectionTest: ConnectionTestState = { status: 'idle' };

export function connectionTestReducer(state: ConnectionTestState, event: ConnectionTestEvent): ConnectionTestState {
  switch (event.type) {
    case 'start':
      // One test at a time; a click while a result shows starts a new run (the old run's reset then does nothing).
      return state.status === 'testing' ? state : { status: 'testing', run: event.run };
    case 'succeeded':
      return state.status === 'testing' && state.run === event.run
        ? { status: 'connected', run: event.run, elapsedMs: event.elapsedMs, users: event.users }
        : state;
    case 'failed':
      return state.status === 'testing' && state.run === event.run ? { status: 'failed', run: event.run, message: event.message } : state;
    case 'reset':
      return (state.status === 'connected' || state.status === 'failed') && state.run === event.run ? initialConnectionTest : state;
  }
}

/** The button's label in each state. */
export function connectionTestLabel(state: ConnectionTestState): string {
  switch (state.status) {
    case 'idle':
      return 'Test Connection';
    case 'testing':
      return 'Testing...';
    case 'connected':
      return 'Connected';
    case 'failed':
      return 'Failed';
  }
}
