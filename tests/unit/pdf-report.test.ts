import { describe, expect, it } from 'vitest';
import { DOOR_LOG_CSV_COLUMNS } from '../../src/features/security/model';
import { buildPdfReport } from '../../src/lib/pdf-report';
import { pdfText } from '../support/pdf-text';

describe('buildPdfReport', () => {
  it('writes a PDF with title, tenant, filters, the table and page numbers', () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `2026-03-0${(i % 9) + 1}`,
      `EA${i + 1}`,
      'North',
      'Operational',
      '',
      'no',
      'Ana Lee',
      i === 3 ? 'Needs, "care"' : null,
    ]);
    const bytes = buildPdfReport({
      title: 'Door Logs Report',
      tenant: 'Demo District',
      filters: [['Door range', 'EA1-EA120']],
      columns: DOOR_LOG_CSV_COLUMNS,
      rows,
      generatedAt: new Date(2026, 2, 5),
    });
    const text = pdfText(bytes);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('(Door Logs Report)');
    expect(text).toContain('(Tenant: Demo District)');
    expect(text).toContain('Door range: EA1-EA120');
    expect(text).toContain('(EA120)');
    expect(text).toContain('(Created By)');
    const pages = Number(/\/Count (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`(Page 1 of ${pages})`);
    expect(text).toContain(`(Page ${pages} of ${pages})`);
  });
  it('says when no filters were used', () => {
    const text = pdfText(
      buildPdfReport({ title: 'Door Logs Report', tenant: 't', filters: [], columns: ['A'], rows: [['x']], generatedAt: new Date() }),
    );
    expect(text).toContain('Filters: none \\(all logs\\)');
    expect(text).toContain('(Page 1 of 1)');
  });
});

describe('buildPdfReport with photo thumbnails', () => {
  // The smallest baseline JPEG there is (1 x 1, grey), so the test needs no canvas.
  const JPEG = Uint8Array.from(
    Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
      'base64',
    ),
  );

  it('adds a Photos column and draws up to three thumbnails for the rows that have them', () => {
    const text = pdfText(
      buildPdfReport({
        title: 'Door Logs Report',
        tenant: 't',
        filters: [],
        columns: ['Door'],
        rows: [['EA1'], ['EA2'], ['EA3']],
        generatedAt: new Date(),
        photos: new Map([
          [0, [JPEG, JPEG, JPEG, JPEG]],
          [2, [JPEG]],
        ]),
      }),
    );
    expect(text).toContain('(Photos)');
    // One image resource, drawn three times for the first row (not four) and once for the third.
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(text.match(/\/I\d+ Do/g)).toHaveLength(4);
  });

  it('without photos asked for, the table is as before', () => {
    const text = pdfText(
      buildPdfReport({ title: 'R', tenant: 't', filters: [], columns: ['Door'], rows: [['EA1']], generatedAt: new Date() }),
    );
    expect(text).not.toContain('(Photos)');
    expect(text).not.toContain('/Subtype /Image');
  });
});
