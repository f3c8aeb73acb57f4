/**
 * The campus QR sheet through the real app (issue 13 §3: 28 doors made a
 * 30 MB PDF). Some of Lincoln Middle School's doors get a logo (one shared
 * image) and one an uploaded QR image, set with the service key as an admin's
 * edits would leave them; a security admin prints the campus's sheet from the
 * Door Status tab. The downloaded PDF has the campus's 16 doors on 2 pages, is
 * a small fraction of the 2 MB bar, embeds each distinct image once (the
 * uploaded code at its full 600x600, and it scans), and every generated code,
 * painted from the PDF's own page streams at 300 dpi, scans back to its door's
 * payload.
 *
 * Runs its own in-process stack (as e2e/door-checks.spec.ts) because the
 * service key never reaches a browser.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { stackForFile } from './file-stack';
import { PASSWORD } from './support';
import { compareDoorNumbers, encodeDoorQr } from '../src/features/door-checks/model';
import { qrSheetLayout } from '../src/features/door-checks/qr-layout';
import { decodeGrey, imageBoxes, imageCount, PageRaster, pageContents, pageCount, pdfImages } from '../tests/support/qr-sheet-raster';

const SLUG = 'lincoln-isd';
const MIDDLE = 'Lincoln Middle School';
const LOGO_DOORS = ['D101', 'D104', 'EA3', 'EA8'];
const UPLOADED_DOOR = 'EA5';

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ trace: 'off' });

const local = stackForFile(SLUG);

test('a campus QR sheet downloads as a small PDF whose codes scan back to their doors', async ({ browser }) => {
  const [campus] = await local.rest<Array<{ id: string }>>(`campus?select=id&campus_name=eq.${encodeURIComponent(MIDDLE)}`);
  expect(campus).toBeDefined();
  const doors = await local.rest<Array<{ door_number: string }>>(`doors?select=door_number&campus_id=eq.${campus!.id}&deleted_at=is.null`);
  expect(doors).toHaveLength(16);
  const logo = await QRCode.toDataURL('school crest', { width: 400, margin: 1, color: { dark: '#1f4e79', light: '#ffffff' } });
  await local.rest(`doors?campus_id=eq.${campus!.id}&door_number=in.(${LOGO_DOORS.join(',')})`, { method: 'PATCH', body: { logo } });
  const uploaded = await QRCode.toDataURL(encodeDoorQr({ door_number: UPLOADED_DOOR, campus: MIDDLE }), {
    width: 600,
    margin: 4,
    errorCorrectionLevel: 'H',
  });
  await local.rest(`doors?campus_id=eq.${campus!.id}&door_number=eq.${UPLOADED_DOOR}`, { method: 'PATCH', body: { qr_image: uploaded } });

  const context = await browser.newContext({ baseURL: local.base, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${local.base}/tenant/${SLUG}/login`);
  await page.getByLabel('Email').fill('security@lincoln-isd.test');
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });

  const card = page.getByTestId('campus-card').filter({ hasText: MIDDLE });
  const print = card.getByRole('button', { name: 'Print QR codes' });
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), print.click()]);
  expect(download.suggestedFilename()).toBe('qr-codes-lincoln-middle-school.pdf');
  const pdf = readFileSync(await download.path());
  // Kept beside the test's other output, to open when a check below fails.
  writeFileSync(test.info().outputPath('qr-sheet.pdf'), pdf);
  await expect(print).toBeEnabled();
  expect(errors).toEqual([]);

  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pageCount(pdf)).toBe(2);
  // 16 doors: a few kilobytes a code plus the two images; 2 MB is the bar for 100.
  expect(pdf.length).toBeLessThan(150 * 1024);
  // One logo shared by four doors and one uploaded code: two images in all,
  // the uploaded one kept at the 600x600 it was stored at.
  expect(imageCount(pdf)).toBe(2);
  const uploadedImage = pdfImages(pdf).find((i) => i.width === 600 && i.height === 600);
  expect(uploadedImage?.colorSpace).toBe('DeviceGray');
  expect(decodeGrey(uploadedImage!.samples, 600, 600)).toBe(encodeDoorQr({ door_number: UPLOADED_DOOR, campus: MIDDLE }));

  const pages = pageContents(pdf);
  expect(pages).toHaveLength(2);
  const rasters = pages.map((content) => {
    const raster = new PageRaster(612, 792, 300);
    raster.paint(content);
    return raster;
  });
  // 4 logos and the uploaded code are placed images.
  expect(pages.flatMap(imageBoxes)).toHaveLength(5);
  const sorted = doors.map((d) => d.door_number).sort(compareDoorNumbers);
  const cells = qrSheetLayout(sorted.length);
  sorted.forEach((door_number, i) => {
    if (door_number === UPLOADED_DOOR) return;
    const cell = cells[i]!;
    expect(rasters[cell.page]!.decodeMm(cell.x - 2, cell.y - 2, cell.size + 4)).toBe(encodeDoorQr({ door_number, campus: MIDDLE }));
  });
  await context.close();
});
