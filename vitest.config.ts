import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/** The unit tests: modules and scripts tried in the test's own process. */
const UNIT = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"];
/** Unit tests that replace a module (vi.mock) keep a module registry of their own. */
const REPLACES_A_MODULE = ["app/lib/site/gallery-photos.server.test.ts"];

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    // An integration test spends most of its time waiting for the server it started, which runs in
    // a process of its own: one more file at a time than there are cores keeps them busy.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        // No unit test leaves anything behind in its process (what it puts in process.env it puts
        // back, and its files are its own), so one process runs many files, each module loaded once.
        test: { name: "unit", include: UNIT, exclude: [...configDefaults.exclude, ...REPLACES_A_MODULE], isolate: false },
      },
      { extends: true, test: { name: "unit, each file alone", include: REPLACES_A_MODULE } },
      // Each file in a fresh process: these start real servers, SMTP servers and stores.
      { extends: true, test: { name: "integration", include: ["tests/**/*.test.ts"] } },
    ],
  },
});
