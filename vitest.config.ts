import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/** The unit tests: modules and scripts tried in the test's own process. */
const UNIT = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"];
/** Unit tests that replace a module (vi.mock) keep a module registry of their own. */
const REPLACES_A_MODULE = ["app/lib/photos/gallery-pictures.server.test.ts"];
/** Tests that measure how much the server does in a second, or how far apart its passes start: run after the rest, one at a time. */
const MEASURES_THE_SERVER = ["tests/integration/backup.test.ts", "tests/integration/background-work-gives-way-to-visitors.test.ts"];

/**
 * Files run at once: an integration test spends most of its time waiting for the server it
 * started, which runs in a process of its own, so one more than there are cores keeps them busy.
 */
const WORKERS = availableParallelism() + 1;

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    // Starting a test's server (up to 20 s on a busy machine) is often a hook's work.
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        // No unit test leaves anything behind in its process (what it puts in process.env it puts
        // back, and its files are its own), so one process runs many files, each module loaded once.
        test: { name: "unit", include: UNIT, exclude: [...configDefaults.exclude, ...REPLACES_A_MODULE], isolate: false, maxWorkers: WORKERS },
      },
      { extends: true, test: { name: "unit, each file alone", include: REPLACES_A_MODULE, maxWorkers: WORKERS } },
      // Each file in a fresh process: these start real servers, SMTP servers and stores.
      // A publish renders every page again: beside two other files on two busy cores it can take
      // most of a minute, so these tests have a minute each.
      { extends: true, test: { name: "integration", testTimeout: 60_000, include: ["tests/**/*.test.ts"], exclude: [...configDefaults.exclude, ...MEASURES_THE_SERVER], maxWorkers: WORKERS } },
      { extends: true, test: { name: "integration, alone", include: MEASURES_THE_SERVER, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
