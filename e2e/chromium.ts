/**
 * The system Chromium every browser test and benchmark uses (Debian's package; never `playwright install`),
 * with the flags this offline, root, GPU-less machine needs.
 */
export const CHROMIUM_PATH = process.env.MDS_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
