/**
 * Owns when photos are sent: the leader's sync engine asks after every sync
 * cycle (the rows just sent make their photos sendable), and the uploader
 * runs its rounds (photo-upload.ts) on its own, beside the engine's cycles
 * rather than inside them, so a check recorded while fifty photos go up is
 * sent at once instead of waiting behind them. A failed round waits for its
 * backoff; a refused token is refreshed through the one shared refresh.
 */
import type { BackoffOptions } from './backoff';
import type { TenantDb } from './local-db';
import { uploadPhotoRound, type PhotoRound } from './photo-upload';
import type { Checkpoint } from './push';
import type { SessionSource } from './session-source';
import type { SyncErrorInfo } from './sync-errors';
import type { SyncTransport } from './sync-transport';

export interface PhotoUploaderOptions {
  db: TenantDb;
  transport: SyncTransport;
  session: SessionSource;
  checkpoint?: Checkpoint;
  backoff?: BackoffOptions;
  random?: () => number;
}

export interface PhotoUploaderState {
  running: boolean;
  lastError: SyncErrorInfo | null;
  lastRound: PhotoRound | null;
}

export class PhotoUploader {
  private state: PhotoUploaderState = { running: false, lastError: null, lastRound: null };
  private run: Promise<void> = Promise.resolve();
  private again = false;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<(s: PhotoUploaderState) => void>();

  constructor(private readonly opts: PhotoUploaderOptions) {}

  getState(): PhotoUploaderState {
    return this.state;
  }

  subscribe(listener: (s: PhotoUploaderState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends what can be sent now; while a round runs, one more follows it. Resolves when both are done. */
  request(): Promise<void> {
    if (this.stopped) return this.run;
    if (this.state.running) {
      this.again = true;
      return this.run;
    }
    this.run = this.run.then(() => this.rounds());
    return this.run;
  }

  /** No new round starts; resolves once the running one has ended (at its next checkpoint when the engine stops). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.run;
  }

  private set(patch: Partial<PhotoUploaderState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
  }

  private async rounds(): Promise<void> {
    if (this.stopped) return;
    this.set({ running: true });
    try {
      let refreshed = false;
      do {
        this.again = false;
        const round = await uploadPhotoRound({
          db: this.opts.db,
          transport: this.opts.transport,
          checkpoint: this.opts.checkpoint,
          backoff: this.opts.backoff,
          random: this.opts.random,
        });
        this.set({ lastRound: round, lastError: round.kind === 'done' ? null : round.error });
        if (round.kind === 'auth') {
          // One shared refresh; refused again after it, the engine's own cycle pauses for sign-in.
          if (refreshed || (await this.opts.session.refresh(round.token)) !== 'refreshed') break;
          refreshed = true;
          this.again = true;
          continue;
        }
        if (round.nextAttemptAt !== null) this.wakeAt(round.nextAttemptAt);
      } while (this.again && !this.stopped);
    } catch (e) {
      // Killed mid-round (the engine's checkpoint threw): the queue is intact for the next start.
      if (!(e instanceof Error && e.name === 'EngineKilledError')) {
        const message = e instanceof Error ? e.message : String(e);
        this.set({ lastError: { code: 'LOCAL', message, details: null, hint: null, status: 0 } });
      }
    } finally {
      this.set({ running: false });
    }
  }

  private wakeAt(at: number): void {
    this.clearTimer();
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.request();
      },
      Math.max(0, at - Date.now()),
    );
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
