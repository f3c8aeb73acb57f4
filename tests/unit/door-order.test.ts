/** Same-numbered doors of different campuses in one list (src/lib/door-numbers.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDoorsAcrossCampuses } from '../../src/lib/door-numbers';

const door = (doorNumber: string, campus: string, id: string) => ({ doorNumber, campus, id });

describe('doors across campuses', () => {
  it('orders by number, then campus name, then id', () => {
    const rows = [door('D104', 'West', 'b'), door('D2', 'West', 'c'), door('D104', 'East', 'z'), door('D104', 'East', 'a')];
    expect(rows.sort(compareDoorsAcrossCampuses).map((d) => `${d.doorNumber} ${d.campus} ${d.id}`)).toEqual([
      'D2 West c',
      'D104 East a',
      'D104 East z',
      'D104 West b',
    ]);
  });

  it('gives the same order whatever order the rows were read in', () => {
    const arb = fc.array(
      fc.record({ doorNumber: fc.constantFrom('D1', 'D104', 'EA2', 'EA10'), campus: fc.constantFrom('East', 'West'), id: fc.uuid() }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const once = [...rows].sort(compareDoorsAcrossCampuses);
        const again = [...rows].reverse().sort(compareDoorsAcrossCampuses);
        expect(again).toEqual(once);
      }),
    );
  });
});
