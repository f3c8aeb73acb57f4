/** What the sync bench's client and its server process (sync-server.ts) share: a tenant as the client sees it, and the door logs both write. */
import { randomUUID } from 'node:crypto';

export interface SyncTenant {
  url: string;
  anonKey: string;
  token: string;
  userId: string;
  doorIds: string[];
}

export function doorLogRow(t: SyncTenant, i: number): Record<string, unknown> {
  return {
    id: randomUUID(),
    door_id: t.doorIds[i % t.doorIds.length],
    user_id: t.userId,
    campus: 'Bench',
    door_status: i % 10 === 0 ? 'maintenance' : 'operational',
    door_problem: i % 10 === 0 ? 'Closer slow' : null,
    notes: `bench ${i}`,
    created_at: new Date(Date.now() - i * 1000).toISOString(),
  };
}
