import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../src/lib/csv';

/** A small RFC 4180 reader, to prove what we write reads back the same. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

describe('csv', () => {
  it('quotes commas, quotes and new lines', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "x"')).toBe('"say ""x"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(3)).toBe('3');
  });

  it('defuses spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
  });

  it('reads back exactly what it wrote (formula-free text)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.string().filter((s) => !/^[=+\-@\t\r]/.test(s)),
            { minLength: 2, maxLength: 2 },
          ),
          { maxLength: 5 },
        ),
        (rows) => {
          expect(parseCsv(toCsv(['a', 'b'], rows))).toEqual([['a', 'b'], ...rows]);
        },
      ),
    );
  });
});
