/**
 * Reports section of `npm run bench`: the door-log report over 200,000
 * cached logs (join to doors and users done once when the modal opens, then
 * the filter the user changes), and CSV and PDF export of 10,000 rows.
 */
import { joinDoorLogs, doorLogPdfRows, describeFilters } from '../../src/features/security/admin/door-log-report';
import { doorLogCsv, doorLogPredicate, DOOR_LOG_CSV_COLUMNS, type DoorLogFilter } from '../../src/features/security/model';
import { buildPdfReport } from '../../src/lib/pdf-report';
import { median, round, type BenchResult } from './result';

const STATUSES = ['operational', 'maintenance', 'out_of_service'];

export function makeReportFixture(logCount: number, doorCount = 5000) {
  const campuses = [0, 1, 2, 3].map((i) => ({ id: `c${i}`, campus_name: `Campus ${i}` }));
  const doors = Array.from({ length: doorCount }, (_, i) => ({
    id: `d${i}`,
    door_number: `${['EA', 'D', 'W'][i % 3]}${(i % 1700) + 1}`,
    campus_id: `c${i % 4}`,
  }));
  const users = Array.from({ length: 50 }, (_, i) => ({
    id: `u${i}`,
    first_name: `First${i}`,
    last_name: `Last${i}`,
    email: `u${i}@x.test`,
  }));
  const start = Date.UTC(2026, 0, 1);
  const logs = Array.from({ length: logCount }, (_, i) => {
    const door = doors[i % doorCount]!;
    return {
      id: `l${i}`,
      door_id: door.id,
      user_id: `u${i % 50}`,
      campus: `Campus ${Number(door.campus_id.slice(1))}`,
      door_status: STATUSES[i % 3],
      door_problem: i % 7 === 0 ? 'Latch broken, "sticky"' : i % 5 === 0 ? 'none' : '',
      maintenance: i % 11 === 0 ? 'yes' : 'no',
      notes: i % 13 === 0 ? 'Line one\nline two, with comma' : null,
      created_at: new Date(start + i * 60_000).toISOString(),
    };
  });
  return { campuses, doors, users, logs };
}

function time(fn: () => void, runs: number): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const a = performance.now();
    fn();
    t.push(performance.now() - a);
  }
  return median(t);
}

export async function runReportsBench(): Promise<BenchResult[]> {
  const fx = makeReportFixture(200_000);
  let joined = joinDoorLogs(fx.logs, fx.doors, fx.users, fx.campuses);
  const joinMs = time(() => {
    joined = joinDoorLogs(fx.logs, fx.doors, fx.users, fx.campuses);
  }, 3);
  const filter: DoorLogFilter = {
    startDate: '2026-01-10',
    endDate: '2026-04-30',
    doorRange: 'EA1-EA500',
    status: 'operational',
    problem: 'no',
    maintenance: 'no',
  };
  let kept = 0;
  const filterMs = time(() => {
    const p = doorLogPredicate(filter);
    kept = joined.filter(p).length;
  }, 7);
  if (kept === 0) throw new Error('the bench filter kept nothing: fixture and filter disagree');

  const rows10k = joined.slice(0, 10_000);
  const csvMs = time(() => void doorLogCsv(rows10k, (iso) => new Date(iso).toLocaleString()), 5);
  const pdfMs = time(
    () =>
      void buildPdfReport({
        title: 'Door Logs Report',
        tenant: 'bench',
        filters: describeFilters(filter, (id) => id),
        columns: DOOR_LOG_CSV_COLUMNS,
        rows: doorLogPdfRows(rows10k),
        generatedAt: new Date(),
      }),
    1,
  );
  return [
    { id: 'reports.filter-ms', figure: round(filterMs), unit: 'ms', bar: '< 200', ok: filterMs < 200 },
    { id: 'reports.join-ms', figure: round(joinMs), unit: 'ms', bar: 'reported (once per open)', ok: true },
    { id: 'reports.csv-10k-ms', figure: round(csvMs), unit: 'ms', bar: 'reported', ok: true },
    { id: 'reports.pdf-10k-ms', figure: round(pdfMs), unit: 'ms', bar: 'reported', ok: true },
  ];
}
