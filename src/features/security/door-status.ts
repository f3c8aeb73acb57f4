/**
 * Pure rules of the Door Status tab: the campus cards and door tiles
 * (built and kept up to date in live-board.ts from each door's latest
 * check), the header rules and the settings messages.
 */
import type { doorLogStatusColor } from '../door-checks/index';
import { todayWindow, type Freshness, type Row } from '../door-checks/index';
import { buildLiveBoard, noteCheck, type LatestCheck } from './live-board';

export interface DoorTile {
  id: string;
  doorNumber: string;
  location: string | null;
  freshness: Freshness;
  /** ms of the latest check, or null when never checked. */
  lastCheck: number | null;
  lastStatus: string | null;
  statusColor: ReturnType<typeof doorLogStatusColor>;
  activityToday: boolean;
}

export interface CampusCard {
  id: string;
  name: string;
  tiles: DoorTile[];
  totalDoors: number;
  activityToday: number;
  noActivity: number;
}

export interface DoorStatusTotals {
  doors: number;
  activityToday: number;
  noActivity: number;
  needsCheck: number;
  checkSoon: number;
  recentCheck: number;
}

export interface DoorStatusBoard {
  campuses: CampusCard[];
  totals: DoorStatusTotals;
}

/**
 * Campus cards (active campuses by name, then doors whose campus is not on
 * this device), door tiles in door order, non-door ids filtered out, each
 * door's freshness from its latest log (a test and bench entry point; the
 * dashboard reads each door's latest check in chunks, use-latest-checks.ts). Doors of an inactive campus are
 * neither shown nor counted (src/lib/inactive-campuses.ts).
 */
export function buildDoorStatusBoard(input: {
  campuses: readonly Row[];
  doors: readonly Row[];
  logs: readonly Row[];
  intervalHours: number;
  now: Date;
}): DoorStatusBoard {
  const latest = new Map<string, LatestCheck>();
  for (const log of input.logs) noteCheck(latest, log);
  return buildLiveBoard({ ...input, latest, now: input.now.getTime() }).board;
}

/** Spec §2: the five summary cards, counted from the cache. */
export interface SummaryCounts {
  campuses: number;
  doors: number;
  activeIncidents: number;
  securityUsers: number;
  doorLogs: number;
}

/** Incidents are active until resolved or closed (spec §4). */
export function isActiveIncident(incident: Row): boolean {
  return incident.status !== 'resolved' && incident.status !== 'closed' && !incident.deleted_at;
}

/**
 * Spec §2: the Back button to the tenant dashboard shows for super admins
 * (the role in the session defaults to super_admin only in the old app; here
 * it is the signed-in user's role) and for a staff admin in support mode.
 */
export function showBackToDashboard(role: string | null | undefined, adminMode: string | null): boolean {
  return role === 'super_admin' || adminMode === 'true';
}

/** Spec §8: what saving the check interval says when the server refused it. */
export function settingsSaveMessage(errorCode: string | null | undefined): string {
  return errorCode === 'PGRST205'
    ? 'Settings updated locally (database setup needed)'
    : 'Settings updated locally (database connection issue)';
}

const HOUR_MS = 3_600_000;
/** Server times may carry any UTC offset; read a little further back so string ranges never cut a log off. */
const OFFSET_MARGIN_MS = 14 * HOUR_MS;

/** The start of the door-log window freshness needs, as an ISO string rounded down to the minute (stable between ticks). */
export function freshnessWindowStart(now: Date, intervalHours: number): string {
  const from = Math.min(todayWindow(now).start.getTime(), now.getTime() - intervalHours * HOUR_MS) - OFFSET_MARGIN_MS;
  return new Date(Math.floor(from / 60_000) * 60_000).toISOString();
}
