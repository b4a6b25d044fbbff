/** The Chromium the benchmarks start, the browser visitors use: Debian's, or CHROME_PATH. */
export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * The browser the tests drive: Chromium's headless shell (Debian's `chromium-headless-shell`), the
 * same engine without a browser window around it, as Playwright's own headless runs use. A browser
 * test takes half the processor time it took in the whole browser. CHROME_PATH overrides it too.
 */
export const TEST_CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium-headless-shell";

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
