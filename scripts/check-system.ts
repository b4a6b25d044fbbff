/**
 * The first step of `npm test`: stops at once, with one line naming the Debian package, when a
 * program the tests run is missing, instead of failing deep inside the one test that needs it.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { CHROME_PATH } from "../tests/support/chrome.ts";

interface SystemProgram {
  name: string;
  /** What the tests use it for, in the line printed when it is missing. */
  purpose: string;
  found: () => boolean;
  install: string;
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
    name: "Chromium",
    purpose: "the browser tests",
    found: () => executable(CHROME_PATH),
    install: `apt-get install chromium (or set CHROME_PATH to a Chromium or Chrome binary; looked for ${CHROME_PATH})`,
  },
  { name: "Java", purpose: "the HTML checker", found: () => onPath("java"), install: "apt-get install default-jre-headless" },
  { name: "Caddy", purpose: "the deploy test", found: () => onPath("caddy"), install: "apt-get install caddy" },
  { name: "pdftotext", purpose: "reading the quotes' PDFs", found: () => onPath("pdftotext"), install: "apt-get install poppler-utils" },
  { name: "OpenSSL", purpose: "the test push service's certificate", found: () => onPath("openssl"), install: "apt-get install openssl" },
];

const missing = SYSTEM_PROGRAMS.filter((program) => !program.found());
for (const program of missing) console.error(`${program.name} is missing (needed by ${program.purpose}): ${program.install}`);
if (missing.length > 0) process.exit(1);
