/** The health rules of spec §3, §4, §9 (supabase/functions/_shared/health.ts). */
import { describe, expect, it } from 'vitest';
import {
  formatResponseTime,
  healthStatus,
  responseStatus,
  sharePercent,
  supportDialogColour,
  tenantHealth,
} from '../../supabase/functions/_shared/health';

describe('tenant health', () => {
  it('is 100 (excellent) with nothing to count', () => {
    expect(
      tenantHealth({
        doors: 0,
        doorsOperational: 0,
        maintenance: 0,
        maintenanceOpen: 0,
        incidents: 0,
        incidentsOpen: 0,
        users: 0,
        usersActive30d: 0,
      }),
    ).toEqual({ score: 100, status: 'excellent', parts: { doors: 100, maintenance: 100, incidents: 100, users: 100 } });
  });
  it('weighs doors 30, maintenance 25, incidents 25, users 20', () => {
    const h = tenantHealth({
      doors: 10,
      doorsOperational: 5,
      maintenance: 4,
      maintenanceOpen: 4,
      incidents: 2,
      incidentsOpen: 0,
      users: 5,
      usersActive30d: 5,
    });
    expect(h.parts).toEqual({ doors: 50, maintenance: 0, incidents: 100, users: 100 });
    expect(h.score).toBe(Math.round(50 * 0.3 + 0 * 0.25 + 100 * 0.25 + 100 * 0.2));
    expect(h.status).toBe('fair');
  });
  it('bands at 90, 75 and 50', () => {
    expect([95, 90, 89, 75, 74, 50, 49, 0].map(healthStatus)).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ]);
  });
  it('clamps shares to 0..100', () => {
    expect(sharePercent(12, 10)).toBe(100);
    expect(sharePercent(-1, 10)).toBe(0);
    expect(sharePercent(0, 0)).toBe(100);
  });
  it('bands response times and formats them in ms below a second, seconds above', () => {
    expect([999, 1000, 1999, 2000].map(responseStatus)).toEqual(['excellent', 'good', 'good', 'fair']);
    expect(formatResponseTime(245.6)).toBe('246 ms');
    expect(formatResponseTime(1530)).toBe('1.5 s');
  });
  it("colours the support dialog's tenants green at 90, yellow at 70, red below", () => {
    expect([90, 89, 70, 69].map(supportDialogColour)).toEqual(['green', 'yellow', 'yellow', 'red']);
  });
});
