/** A check's door status as a coloured pill (by doorLogStatusColor), alike on the rounds, the security dashboard and a work order's check history. */
export const DOOR_LOG_BADGE: Readonly<Record<'green' | 'yellow' | 'red' | 'grey', string>> = {
  green: 'bg-green-100 text-green-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-900',
  grey: 'bg-slate-100 text-slate-800',
};
