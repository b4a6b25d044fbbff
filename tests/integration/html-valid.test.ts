/**
 * The Nu HTML Checker finds no error on any page: every prerendered page, the not-found page,
 * every owner page (signed out and in), the visitor's survey booking in each state, and the Move
 * and Cancel pages of a survey the visitor booked. On the same pages, every <input> says its type
 * (a text field `type="text"`), as checkers that read the markup rather than the browser's default ask.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { aliasPaths, canonicalPaths } from "../../app/content/index.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { ownerPages, withStore } from "../support/owner.ts";
import { selfBookedSurvey } from "../support/self-booked-survey.ts";
import { surveyBookingPages } from "../support/survey-booking.ts";

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

it("reports zero errors on every page, where every input says its type", { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-vnu-"));
  const files: string[] = [];
  const untyped: string[] = [];
  const owner = ownerPages(server.dataDir);
  // A survey the visitor booked online: his page with Move and Cancel, and the times to move it to.
  const selfBooked = withStore(server.dataDir, (store) => selfBookedSurvey(store).paths);
  const pages = [...canonicalPaths(), ...aliasPaths(), "/no-such-page", ...owner.map((p) => p.path), ...selfBooked];
  for (const [i, page] of pages.entries()) {
    const file = path.join(dir, `${i}.html`);
    const headers = owner.find((p) => p.path === page)?.headers ?? {};
    const response = await fetch(`${server.url}${page}`, { headers, redirect: "manual" });
    expect(response.status, page).not.toBe(303);
    const html = await response.text();
    for (const input of html.match(/<input\b[^>]*>/g) ?? []) if (!/\stype="/.test(input)) untyped.push(`${page}: ${input}`);
    writeFileSync(file, html);
    files.push(file);
  }
  // The visitor's survey booking: the thank-you page with times, See more times, a time gone, booked.
  for (const { name, html } of await surveyBookingPages(server)) {
    const file = path.join(dir, `${pages.length}.html`);
    pages.push(name);
    writeFileSync(file, html);
    files.push(file);
  }
  expect(untyped, "inputs without a type").toEqual([]);
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
