import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { CHROME_ARGS, CHROME_PATH } from "./tests/support/chrome.ts";

const ROOT = fileURLToPath(new URL(".", import.meta.url));

/** The browser tests run against the production server built by `npm run build`. */
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: CHROME_PATH,
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
    timeout: 30_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      // Outside test-results/, which Playwright empties when a run starts.
      DATA_DIR: `${ROOT}.e2e-data`,
      FORM_RATE_LIMIT: "1000",
      SIGN_IN_RATE_LIMIT: "1000",
    },
  },
});
