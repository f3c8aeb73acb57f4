/**
 * The Door Status tab: check interval, totals, and one card per campus
 * (expand or collapse) with its door tiles (door-tile-grid.tsx).
 */
import { memo, useEffect, useState } from 'react';
import type { TenantDb } from '../../../data';
import { afterPaint } from '../../../lib/after-paint';
import { whenContentReady } from '../../../lib/content-ready';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { printCampusQrSheet } from '../../door-checks/index';
import { doorImages, NO_IMAGES } from '../door-images';
import type { CampusCard, DoorStatusBoard, DoorTile } from '../door-status';
import { CheckIntervalSelect } from './check-interval-select';
import { DoorTileGrid } from './door-tile-grid';
import { MissedCheckSettings } from './missed-check-settings';

function StatusLegend() {
  const items = [
    ['border-l-green-600', 'Operational'],
    ['border-l-yellow-400', 'Maintenance'],
    ['border-l-red-600', 'Out of Service'],
    ['border-l-slate-400', 'Not checked'],
  ] as const;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700" data-testid="door-state-legend">
      <span className="font-medium">A tile's left edge and last line: the door's state at its latest check.</span>
      <ul className="flex flex-wrap gap-3" aria-label="Door states">
        {items.map(([edge, label]) => (
          <li key={label} className="flex items-center gap-1">
            <span aria-hidden="true" className={cx('inline-block h-4 w-3 rounded-sm border border-l-8 border-slate-300', edge)} />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Up to this many campuses every card starts open; beyond it only the first does. */
const ALL_OPEN_UP_TO = 3;
/** Beyond ALL_OPEN_UP_TO, the closed cards added in each frame after the first campus's tiles. */
const CARDS_A_FRAME = 5;

export function DoorStatusTab({
  db,
  board,
  canEdit,
  onOpenDoor,
  onShown,
}: {
  db: TenantDb;
  board: DoorStatusBoard;
  canEdit: boolean;
  onOpenDoor: (tile: DoorTile, campus: CampusCard) => void;
  /** Called once the first campus's first tiles are committed (at once on a board of no campus). */
  onShown?: () => void;
}) {
  // The first campus's grid says when its tiles are on screen; a board of no campus has nothing more to show.
  const noCampus = board.campuses.length === 0;
  useEffect(() => {
    if (noCampus) onShown?.();
  }, [noCampus, onShown]);
  // With many campuses, the closed cards below the first campus come after the screen's content (its first tiles) has
  // painted, a few a frame: styled in the same frame as the rest of the board, a district's twenty cards made it one
  // long task on a phone (40-58 ms of style and layout at 4x, Long Animation Frames), and added at once they were one
  // of React's tasks of up to 66 ms around the paint. They are below the first screen, so nothing moves. Cards keep
  // coming while any is left out, so a board that grows (the first sync's campuses) shows every card too; a card
  // once shown stays (a board growing past three keeps its open cards).
  const [shownUpTo, setShownUpTo] = useState(1);
  const allShown = board.campuses.length <= ALL_OPEN_UP_TO || shownUpTo >= board.campuses.length;
  if (allShown && shownUpTo < board.campuses.length) setShownUpTo(board.campuses.length);
  useEffect(() => {
    if (allShown) return;
    let live = true;
    void whenContentReady().then(() =>
      afterPaint(() => {
        if (live) setShownUpTo((n) => n + CARDS_A_FRAME);
      }),
    );
    return () => {
      live = false;
    };
  }, [allShown, shownUpTo]);
  const campuses = allShown ? board.campuses : board.campuses.slice(0, shownUpTo);
  const t = board.totals;
  return (
    <div className="space-y-6">
      <CheckIntervalSelect db={db} canEdit={canEdit} />
      <MissedCheckSettings db={db} canEdit={canEdit} heading="h2" />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Totals">
        {(
          [
            ['Total Doors', t.doors],
            ['Activity Today', t.activityToday],
            ['No Activity', t.noActivity],
            ['Needs Check', t.needsCheck],
            ['Check Soon', t.checkSoon],
            ['Recent Check', t.recentCheck],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid={`total-${label.toLowerCase().replace(/ /g, '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <StatusLegend />
      <div className="space-y-4">
        {/* With many campuses only the first starts open: the first screen shows door tiles and the rest stays an overview. */}
        {campuses.map((c, i) => (
          <CampusSection
            key={c.id}
            db={db}
            campus={c}
            initiallyOpen={i === 0 || board.campuses.length <= ALL_OPEN_UP_TO}
            onOpenDoor={onOpenDoor}
            onShown={i === 0 ? onShown : undefined}
          />
        ))}
      </div>
    </div>
  );
}

const CampusSection = memo(function CampusSection({
  db,
  campus,
  initiallyOpen,
  onOpenDoor,
  onShown,
}: {
  db: TenantDb;
  campus: CampusCard;
  initiallyOpen: boolean;
  onOpenDoor: (tile: DoorTile, campus: CampusCard) => void;
  onShown?: () => void;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [printing, setPrinting] = useState(false);
  const [printProblem, setPrintProblem] = useState<string | null>(null);
  const panelId = `campus-${campus.id || 'unassigned'}`;
  return (
    // A campus off screen is not styled, laid out or painted until scrolled near (content-visibility): a district's
    // twenty campus cards below the first one cost the first frame nothing. Its height until then is a closed card's.
    <section
      className="rounded-2xl border border-slate-200 bg-white [contain-intrinsic-size:auto_5.5rem] [content-visibility:auto]"
      aria-label={campus.name}
      data-testid="campus-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 p-4">
        <button
          type="button"
          className="flex min-h-11 flex-1 items-center gap-3 text-left focus-visible:outline-2 focus-visible:outline-blue-700"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className={cx('inline-block transition-transform', open && 'rotate-90')}>
            ▶
          </span>
          <span>
            <span className="block text-lg font-semibold text-slate-900">{campus.name}</span>
            <span className="block text-sm text-slate-700">
              {campus.totalDoors} doors · {campus.activityToday} activity today · {campus.noActivity} no activity
            </span>
          </span>
        </button>
        {campus.id && campus.tiles.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            busy={printing}
            onClick={() => {
              setPrinting(true);
              setPrintProblem(null);
              doorImages(
                db,
                campus.tiles.map((t) => t.id),
              )
                .then((images) =>
                  printCampusQrSheet(
                    campus.name,
                    campus.tiles.map((t, i) => ({ door_number: t.doorNumber, ...(images[i] ?? NO_IMAGES) })),
                  ),
                )
                .catch((e: unknown) => setPrintProblem(`The QR codes could not be printed: ${e instanceof Error ? e.message : String(e)}`))
                .finally(() => setPrinting(false));
            }}
          >
            {printing ? 'Preparing PDF...' : 'Print QR codes'}
          </Button>
        )}
      </div>
      {printProblem && (
        <Alert tone="error" className="mx-4 mb-4">
          {printProblem}
        </Alert>
      )}
      {open && <DoorTileGrid campus={campus} id={panelId} onOpenDoor={onOpenDoor} onShown={onShown} />}
    </section>
  );
});
