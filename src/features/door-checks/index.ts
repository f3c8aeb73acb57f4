/**
 * Door checks: the officer's rounds, scanning and recording checks, door QR
 * codes and the rules behind them. The rounds page is a chunk of its own
 * (loadRoundsPage, used by the router) so the scan-and-check path, which
 * loads this module, does not carry it (docs/decisions/009).
 */
import type * as QrImage from './qr-image';

export { ScanPage } from './scan-page';
export const loadRoundsPage = () => import('./rounds-page');
export { useCheckInterval, findIntervalSetting, CHECK_INTERVAL_KEY } from './hooks/use-check-interval';
// QR images and sheets load with their libraries (qrcode, jspdf) on first use.
const qrImage = () => import('./qr-image');
export const doorQrPngDataUrl: typeof QrImage.doorQrPngDataUrl = async (...a) => (await qrImage()).doorQrPngDataUrl(...a);
export const downloadDoorQrPng: typeof QrImage.downloadDoorQrPng = async (...a) => (await qrImage()).downloadDoorQrPng(...a);
export const printCampusQrSheet: typeof QrImage.printCampusQrSheet = async (...a) => (await qrImage()).printCampusQrSheet(...a);
export type { DoorQrArt, SheetDoor } from './qr-image';
export * from './model';
