/** Door checks: the officer's rounds, scanning and recording checks, door QR codes and the rules behind them. */
export { RoundsPage } from './rounds-page';
export { ScanPage } from './scan-page';
export { useCheckInterval, findIntervalSetting, CHECK_INTERVAL_KEY } from './hooks/use-check-interval';
export { downloadDoorQrPng, printCampusQrSheet, doorQrPngDataUrl } from './qr-image';
export * from './model';
