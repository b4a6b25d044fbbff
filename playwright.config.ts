import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { CHROME_ARGS, TEST_CHROME_PATH } from "./tests/support/chrome.ts";
import { COMPILE_CACHE } from "./tests/support/server.ts";

const ROOT = fileURLToPath(new URL(".", import.meta.url));

/** The browser tests run against the production server built by `npm run build`. */
const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * The test server's DATA_DIR, fresh for every run: what one run leaves (passkeys, requests) never
 * changes the next. Chosen once in the runner and handed to its workers in the environment.
 */
if (!process.env.E2E_DATA_DIR) {
  const dataDir = path.join(ROOT, ".e2e-data", `run-${process.pid}`);
  // Outside test-results/, which Playwright empties when a run starts; earlier runs' go first.
  rmSync(path.join(ROOT, ".e2e-data"), { recursive: true, force: true });
  process.env.E2E_DATA_DIR = dataDir;
}
const DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  // Two workers share two cores with their servers and browsers: a long journey that takes 15 s
  // alone can take twice that beside another (a file that needs more says so itself).
  timeout: 60_000,
  fullyParallel: true,
  // Two at once, also on a machine of two cores (Playwright's own default there is one): a browser
  // test spends much of its time waiting for the server. The journeys that change the site or
  // read its e-mail start a server of their own; the rest share this one, each under names of its
  // own. `--workers=1` on the command line runs one at a time.
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: TEST_CHROME_PATH,
      args: CHROME_ARGS,
    },
  },
  projects: [
    { name: "phone", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium" } },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 }, browserName: "chromium" } },
  ],
  webServer: {
    command: "node server/index.ts",
    cwd: ROOT,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    // The server's start: a minute on a busy machine, like a test.
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      FORM_RATE_LIMIT: "1000",
      SIGN_IN_RATE_LIMIT: "1000",
      // The queue looks for work fallen due every 200 ms rather than every 5 s (tests/support/server.ts).
      JOBS_POLL_MS: "200",
      NODE_COMPILE_CACHE: COMPILE_CACHE,
      // React as it ships: the runner's own NODE_ENV would make it React's slower, checking build.
      NODE_ENV: "production",
    },
  },
});
