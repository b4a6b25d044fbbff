/** The Chromium every browser test and benchmark starts: Debian's, or CHROME_PATH. */
export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/** Flags for a machine with no network beyond loopback, running as root. */
export const CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
