/**
 * The first step of `npm test`: the system programs the tests run. When one is missing and this
 * machine can install it (root, with apt-get, as on CI and a fresh server), it is installed from
 * Debian's packages; otherwise the run stops at once with one line naming what to install,
 * instead of failing deep inside the one test that needs it.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { CHROME_PATH, TEST_CHROME_PATH } from "../tests/support/chrome.ts";

interface SystemProgram {
  name: string;
  /** What the tests use it for, in the line printed when it is missing. */
  purpose: string;
  found: () => boolean;
  /** The Debian package that brings it. */
  debianPackage: string;
  /** Said after the package's name when it cannot be installed here. */
  alternative?: string;
}

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export const SYSTEM_PROGRAMS: SystemProgram[] = [
  {
    name: "Chromium's headless shell",
    purpose: "the browser tests",
    found: () => executable(TEST_CHROME_PATH),
    debianPackage: "chromium-headless-shell",
    alternative: `or set CHROME_PATH to a Chromium or Chrome binary; looked for ${TEST_CHROME_PATH}`,
  },
  {
    name: "Chromium",
    purpose: "the notifications test, which the headless shell cannot show",
    found: () => executable(CHROME_PATH),
    debianPackage: "chromium",
    alternative: `or set CHROME_PATH to a Chromium or Chrome binary; looked for ${CHROME_PATH}`,
  },
  { name: "Java", purpose: "the HTML checker", found: () => onPath("java"), debianPackage: "default-jre-headless" },
  { name: "Caddy", purpose: "the deploy test", found: () => onPath("caddy"), debianPackage: "caddy" },
  { name: "pdftotext", purpose: "reading the quotes' PDFs", found: () => onPath("pdftotext"), debianPackage: "poppler-utils" },
  { name: "OpenSSL", purpose: "the test push service's certificate", found: () => onPath("openssl"), debianPackage: "openssl" },
  { name: "faketime", purpose: "the reminder's test on a server whose clock is set", found: () => onPath("faketime"), debianPackage: "faketime" },
];

/** Root with apt-get: the packages can be installed here without asking anyone. */
function canInstall(): boolean {
  return process.getuid?.() === 0 && onPath("apt-get");
}

function aptGet(args: string[]): boolean {
  const run = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return run.status === 0;
}

let missing = SYSTEM_PROGRAMS.filter((program) => !program.found());
if (missing.length > 0 && canInstall()) {
  const packages = missing.map((program) => program.debianPackage);
  console.log(`Installing what the tests need from Debian's packages: ${packages.join(", ")}`);
  if (aptGet(["update", "-qq"])) aptGet(["install", "-y", "-qq", ...packages]);
  missing = missing.filter((program) => !program.found());
}
for (const program of missing) {
  const install = `apt-get install ${program.debianPackage}${program.alternative ? ` (${program.alternative})` : ""}`;
  console.error(`${program.name} is missing (needed by ${program.purpose}): ${install}`);
}
if (missing.length > 0) process.exit(1);
