/**
 * The stack's timing settings read from the environment: an unset or blank
 * variable takes the default. TENANT_STATUS_TTL_MS once read unset as 0
 * (Number('') is 0), so every API request queried the platform database for
 * the tenant's state instead of once per 2 s.
 */
import { describe, expect, it } from 'vitest';
import { tenantIdleCloseMs, tenantStatusTtlMs } from '../../supabase/local/stack';

describe('stack settings from the environment', () => {
  it('TENANT_STATUS_TTL_MS: default 2 s when unset or blank, 0 to 60,000 when given, the default otherwise', () => {
    expect(tenantStatusTtlMs({})).toBe(2000);
    expect(tenantStatusTtlMs({ TENANT_STATUS_TTL_MS: '' })).toBe(2000);
    expect(tenantStatusTtlMs({ TENANT_STATUS_TTL_MS: '  ' })).toBe(2000);
    expect(tenantStatusTtlMs({ TENANT_STATUS_TTL_MS: '0' })).toBe(0);
    expect(tenantStatusTtlMs({ TENANT_STATUS_TTL_MS: '500' })).toBe(500);
    expect(tenantStatusTtlMs({ TENANT_STATUS_TTL_MS: '60001' })).toBe(2000);
    expect(tenantStatusTtlMs({ TENANT_STATUS_TTL_MS: 'soon' })).toBe(2000);
  });

  it('TENANT_IDLE_CLOSE_MS: default 5 min when unset or blank, any whole number of ms when given', () => {
    expect(tenantIdleCloseMs({})).toBe(300_000);
    expect(tenantIdleCloseMs({ TENANT_IDLE_CLOSE_MS: '' })).toBe(300_000);
    expect(tenantIdleCloseMs({ TENANT_IDLE_CLOSE_MS: '0' })).toBe(0);
    expect(tenantIdleCloseMs({ TENANT_IDLE_CLOSE_MS: '1500' })).toBe(1500);
    expect(tenantIdleCloseMs({ TENANT_IDLE_CLOSE_MS: '-1' })).toBe(300_000);
  });
});
