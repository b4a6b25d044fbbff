/**
 * `npm test`, once scripts/check-system.ts found the system programs the tests run: knip, the
 * build, the unit and integration tests, then the browser tests, in that order, stopping at the
 * first that fails; then how long each took. Written to a file rather than a terminal, the log
 * carries no colour codes: NO_COLOR is set for the steps that would write them, unless
 * FORCE_COLOR asks for colour.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Playwright leaves colour out of a file by itself, and sets FORCE_COLOR for its workers. */
const STEPS: { name: string; command: string; args: string[]; ownColours?: true }[] = [
  { name: "knip", command: "knip", args: [] },
  { name: "build", command: "npm", args: ["run", "build"] },
  { name: "unit and integration tests", command: "vitest", args: ["run"] },
  { name: "browser tests", command: "playwright", args: ["test"], ownColours: true },
];

const noColour = !process.stdout.isTTY && process.env.FORCE_COLOR === undefined;

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms: number) => `${Math.floor(Math.round(ms / 1000) / 60)} min ${Math.round(ms / 1000) % 60} s`;
const took: string[] = [];
const began = performance.now();
for (const step of STEPS) {
  const started = performance.now();
  const env = noColour && !step.ownColours ? { ...process.env, NO_COLOR: "1" } : process.env;
  const run = spawnSync(step.command, step.args, { cwd: ROOT, env, stdio: "inherit" });
  took.push(`${step.name} ${seconds(performance.now() - started)}`);
  if (run.status !== 0) {
    console.error(`\nnpm test stopped: ${step.name} failed${run.error ? ` (${run.error.message})` : ""}. ${took.join(", ")}.`);
    process.exit(run.status || 1);
  }
}
console.log(`\nnpm test passed in ${minutes(performance.now() - began)}: ${took.join(", ")}.`);
