/**
 * Pure rules of the Door Status tab: the campus cards and door tiles,
 * computed from cached rows in one pass over the door logs (each door's
 * latest check and whether it had activity today), so 5,000 doors and
 * 200,000 logs stay well inside the 300 ms budget (DESIGN §9).
 */
import {
  compareDoorNumbers,
  doorFreshness,
  doorLogStatusColor,
  isRealDoor,
  todayWindow,
  type Freshness,
  type Row,
} from '../door-checks/index';
import { inactiveCampusIds, onInactiveCampus } from '../../lib/inactive-campuses';

export interface DoorTile {
  id: string;
  doorNumber: string;
  location: string | null;
  /** The door's logo and uploaded QR image (data URLs), for its downloads. */
  logo: string | null;
  qrImage: string | null;
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

const UNKNOWN_CAMPUS = 'Unassigned doors';

/**
 * Campus cards (active campuses by name, then doors whose campus is not on
 * this device), door tiles in door order, non-door ids filtered out, each
 * door's freshness from its latest log. Doors of an inactive campus are
 * neither shown nor counted (src/lib/inactive-campuses.ts).
 */
export function buildDoorStatusBoard(input: {
  campuses: readonly Row[];
  doors: readonly Row[];
  logs: readonly Row[];
  intervalHours: number;
  now: Date;
}): DoorStatusBoard {
  const { start, end } = todayWindow(input.now);
  const todayStart = start.getTime();
  const todayEnd = end.getTime();

  // One pass: latest check per door (time and status) and today's activity.
  const latestAt = new Map<string, number>();
  const latestStatus = new Map<string, unknown>();
  const today = new Set<string>();
  for (const log of input.logs) {
    const door = log.door_id;
    const at = log.created_at;
    if (typeof door !== 'string' || typeof at !== 'string') continue;
    const t = Date.parse(at);
    if (t !== t) continue;
    const prev = latestAt.get(door);
    if (prev === undefined || t > prev) {
      latestAt.set(door, t);
      latestStatus.set(door, log.door_status);
    }
    if (t >= todayStart && t <= todayEnd) today.add(door);
  }

  const cards = new Map<string, CampusCard>();
  const inactive = inactiveCampusIds(input.campuses);
  const activeCampuses = input.campuses
    .filter((c) => c.active !== false)
    .sort((a, b) => String(a.campus_name ?? '').localeCompare(String(b.campus_name ?? '')));
  for (const c of activeCampuses) {
    const id = String(c.id);
    cards.set(id, {
      id,
      name: String(c.campus_name ?? ''),
      tiles: [],
      totalDoors: 0,
      activityToday: 0,
      noActivity: 0,
    });
  }
  const totals: DoorStatusTotals = {
    doors: 0,
    activityToday: 0,
    noActivity: 0,
    needsCheck: 0,
    checkSoon: 0,
    recentCheck: 0,
  };

  for (const d of input.doors) {
    const id = d.id;
    if (typeof id !== 'string') continue;
    const doorNumber = typeof d.door_number === 'string' ? d.door_number : '';
    if (!isRealDoor({ id, door_number: doorNumber }) || onInactiveCampus(d, inactive)) continue;
    const campusId = typeof d.campus_id === 'string' ? d.campus_id : '';
    let card = cards.get(campusId);
    if (!card) {
      // A campus not on this device (it may be active): keep its doors visible together.
      card = cards.get('') ?? {
        id: '',
        name: UNKNOWN_CAMPUS,
        tiles: [],
        totalDoors: 0,
        activityToday: 0,
        noActivity: 0,
      };
      cards.set('', card);
    }
    const last = latestAt.get(id) ?? null;
    const freshness = doorFreshness(last === null ? null : new Date(last), input.intervalHours, input.now);
    const activityToday = today.has(id);
    const lastStatus = last === null ? null : String(latestStatus.get(id) ?? '') || null;
    card.tiles.push({
      id,
      doorNumber,
      location: typeof d.location === 'string' ? d.location : null,
      logo: typeof d.logo === 'string' && d.logo ? d.logo : null,
      qrImage: typeof d.qr_image === 'string' && d.qr_image ? d.qr_image : null,
      freshness,
      lastCheck: last,
      lastStatus,
      statusColor: doorLogStatusColor(lastStatus),
      activityToday,
    });
    card.totalDoors++;
    totals.doors++;
    if (activityToday) {
      card.activityToday++;
      totals.activityToday++;
    } else {
      card.noActivity++;
      totals.noActivity++;
    }
    if (freshness === 'needs-check') totals.needsCheck++;
    else if (freshness === 'check-soon') totals.checkSoon++;
    else if (freshness === 'recent-check') totals.recentCheck++;
  }

  const campuses = [...cards.values()].filter((c) => c.id !== '' || c.totalDoors > 0);
  for (const c of campuses) c.tiles.sort((a, b) => compareDoorNumbers(a.doorNumber, b.doorNumber));
  return { campuses, totals };
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
