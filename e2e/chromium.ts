/**
 * Debian's Chromium as every journey launches it (never a downloaded
 * browser); without the background-networking flags it keeps dialing hosts
 * this closed network refuses.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
