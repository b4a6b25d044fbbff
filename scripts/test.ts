/**
 * `npm test`, once scripts/check-system.ts found the system programs the tests run: knip and the
 * build; then the unit and integration tests and the browser tests side by side (each spends much
 * of its time waiting for a server, so together they keep two cores busy where one after the
 * other left one idle); then the tests that measure the server, alone; then how long each took.
 * It stops at the first step that fails. The browser tests write as they go; the unit and
 * integration tests' output follows theirs, whole. Written to a file rather than a terminal, the
 * log carries no colour codes: NO_COLOR is set for the steps that would write them, unless
 * FORCE_COLOR asks for colour.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Playwright leaves colour out of a file by itself, and sets FORCE_COLOR for its workers. */
  ownColours?: true;
}

const KNIP: Step = { name: "knip", command: "knip", args: [] };
const BUILD: Step = { name: "build", command: "npm", args: ["run", "build"] };
/** vitest.config.ts's projects but the one whose tests measure the server. */
const UNIT_AND_INTEGRATION: Step = { name: "unit and integration tests", command: "vitest", args: ["run", "--project", "unit", "--project", "unit, each file alone", "--project", "integration"] };
const BROWSER: Step = { name: "browser tests", command: "playwright", args: ["test"], ownColours: true };
/** Counting how much the server answers in a second wants the machine to itself. */
const MEASURING: Step = { name: "tests that measure the server", command: "vitest", args: ["run", "--project", "integration, alone"] };

const noColour = !process.stdout.isTTY && process.env.FORCE_COLOR === undefined;
const envOf = (step: Step) => (noColour && !step.ownColours ? { ...process.env, NO_COLOR: "1" } : process.env);

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms: number) => `${Math.floor(Math.round(ms / 1000) / 60)} min ${Math.round(ms / 1000) % 60} s`;
const took: string[] = [];
const began = performance.now();

function stop(failed: string[], error?: Error): never {
  console.error(`\nnpm test stopped: ${failed.join(" and ")} failed${error ? ` (${error.message})` : ""}. ${took.join(", ")}.`);
  process.exit(1);
}

function runAlone(step: Step) {
  const started = performance.now();
  const run = spawnSync(step.command, step.args, { cwd: ROOT, env: envOf(step), stdio: "inherit" });
  took.push(`${step.name} ${seconds(performance.now() - started)}`);
  if (run.status !== 0) stop([step.name], run.error);
}

/** Runs a step beside another; with `quiet`, its output is held and written once it ends. */
function runBeside(step: Step, quiet = false): Promise<{ step: Step; ok: boolean; output: string; ms: number }> {
  const started = performance.now();
  const child = spawn(step.command, step.args, { cwd: ROOT, env: envOf(step), stdio: ["ignore", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ step, ok: false, output: `${output}\n${error.message}\n`, ms: performance.now() - started }));
    child.on("close", (code) => resolve({ step, ok: code === 0, output, ms: performance.now() - started }));
  });
}

runAlone(KNIP);
runAlone(BUILD);
const side = await Promise.all([runBeside(BROWSER), runBeside(UNIT_AND_INTEGRATION, true)]);
for (const { step, output, ms } of side) {
  if (output) process.stdout.write(output);
  took.push(`${step.name} ${seconds(ms)}`);
}
const failed = side.filter((run) => !run.ok).map((run) => run.step.name);
if (failed.length) stop(failed);
runAlone(MEASURING);
console.log(`\nnpm test passed in ${minutes(performance.now() - began)}: ${took.join(", ")} (the browser tests beside the unit and integration tests).`);
