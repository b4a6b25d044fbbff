/** The Nu HTML Checker finds no error on any page: every prerendered page and the not-found page. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { aliasPaths, canonicalPaths } from "../../app/content/index.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const vnuJar: string = createRequire(import.meta.url)("vnu-jar");

let server: RunningServer;
beforeAll(async () => (server = await startServer()));
afterAll(() => server.stop());

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

it("reports zero errors on every page", { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-vnu-"));
  const files: string[] = [];
  const pages = [...canonicalPaths(), ...aliasPaths(), "/no-such-page"];
  for (const [i, page] of pages.entries()) {
    const file = path.join(dir, `${i}.html`);
    writeFileSync(file, await (await fetch(`${server.url}${page}`)).text());
    files.push(file);
  }
  const result = spawnSync("java", ["-jar", vnuJar, "--format", "json", "--exit-zero-always", "--stdout", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(result.error).toBeUndefined();
  const messages = (JSON.parse(result.stdout) as { messages: VnuMessage[] }).messages;
  const errors = messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => `${pages[Number(path.basename(m.url).replace(/\D+/g, ""))]} line ${m.lastLine}: ${m.message} [${m.extract ?? ""}]`);
  expect(errors).toEqual([]);
});
