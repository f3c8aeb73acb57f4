import { describe, expect, it } from 'vitest';
import { classifySyncError, toSyncErrorInfo, type SyncErrorInfo } from '../../src/data/sync-errors';

const e = (status: number, code = '', message = 'x'): SyncErrorInfo => ({ status, code, message, details: null, hint: null });

describe('classifySyncError', () => {
  it('retries network failures, 5xx, 429 and transient Postgres states', () => {
    for (const err of [e(0), e(500), e(502), e(503), e(504), e(429), e(408), e(409, '40001'), e(409, '40P01'), e(503, '57P01')]) {
      expect(classifySyncError(err), JSON.stringify(err)).toBe('retry');
    }
  });

  it('refreshes the session on 401 and on PostgREST JWT codes', () => {
    for (const err of [e(401), e(401, 'PGRST301'), e(401, 'PGRST303'), e(401, 'LOCKSTEP_NO_SESSION'), e(403, 'PGRST303')]) {
      expect(classifySyncError(err)).toBe('auth');
    }
  });

  it('rejects permanent errors: 400, 403/42501, 409, 22xxx, 23xxx', () => {
    for (const err of [
      e(400, '22P02'),
      e(403, '42501'),
      e(409, '23505'),
      e(409, '23503'),
      e(400, '23514'),
      e(400, '23502'),
      e(404, 'PGRST205'),
      e(413, 'PGRST413'),
      e(400, 'PGRST100'),
      e(422),
      e(404, 'LOCKSTEP_NOT_APPLIED'),
    ]) {
      expect(classifySyncError(err), JSON.stringify(err)).toBe('permanent');
    }
  });

  it('keeps the code, message and status of a PostgREST error', () => {
    const info = toSyncErrorInfo({ code: '23505', message: 'duplicate key', details: 'Key (id)=(x)', hint: null }, 409);
    expect(info).toEqual({ code: '23505', message: 'duplicate key', details: 'Key (id)=(x)', hint: null, status: 409 });
    expect(toSyncErrorInfo('boom', 0)).toMatchObject({ code: '', message: 'boom', status: 0 });
  });
});
