/**
 * The owner changes the site by editing data, with no code change: a new town appears
 * everywhere it should, a new phone number everywhere it is shown, and a mistake stops the
 * build with the file and the field named. Each case builds a copy of the site.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server.ts";

function copyOfTheSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-owner-"));
  for (const entry of ["app", "scripts", "public", "package.json", "react-router.config.ts", "vite.config.ts", "tsconfig.json"]) {
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

function editJson(dir: string, file: string, change: (data: any) => void) {
  const full = path.join(dir, "app/content", file);
  const data = JSON.parse(readFileSync(full, "utf8"));
  change(data);
  writeFileSync(full, JSON.stringify(data, null, 2));
}

function build(dir: string) {
  const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: dir, encoding: "utf8", env: { ...process.env, SITE_URL: "https://www.example.com" } });
  for (const script of ["scripts/build-images.ts", "scripts/build-scripts.ts"]) {
    const result = run([script]);
    if (result.status !== 0) return result;
  }
  return run([path.join(dir, "node_modules/@react-router/dev/bin.cjs"), "build"]);
}

/** A built page's HTML, without the empty comments React puts between adjacent texts. */
const page = (dir: string, pagePath: string) =>
  readFileSync(path.join(dir, "build/client", pagePath.replace(/^\/|\/$/g, ""), "index.html"), "utf8").replaceAll("<!-- -->", "");

describe("the owner edits the content", { timeout: 120_000 }, () => {
  it("adds a 33rd town and changes the phone number: both show everywhere, with no code change", () => {
    const dir = copyOfTheSite();
    editJson(dir, "areas.json", (areas) => {
      const hitchin = areas.find((a: { slug: string }) => a.slug === "hitchin");
      areas.push({ ...hitchin, slug: "letchworth", name: "Letchworth Garden City", lat: 51.979, lon: -0.229, nearby: ["hitchin", "stevenage"] });
    });
    editJson(dir, "regions.json", (regions) => (regions[0].townCount = 11));
    editJson(dir, "business.json", (business) => {
      // The phone alone: the chat number follows it.
      business.phone = { display: "07700 900456", e164: "+447700900456" };
    });
    const result = build(dir);
    expect(result.status, result.stderr).toBe(0);

    const townPath = "/areas/roofers-in-letchworth/";
    expect(page(dir, townPath).includes("Roofers in Letchworth Garden City")).toBe(true);
    expect(page(dir, "/gallery").includes(`href="${townPath}"`), "the areas menu on every page").toBe(true);
    expect(page(dir, "/hertfordshire").includes("View services in Letchworth Garden City →")).toBe(true);
    expect(page(dir, "/sitemap").includes(`href="${townPath}"`)).toBe(true);
    // A link where the page lists the town beside the map too; drawn, not linked, elsewhere.
    const linkedOnTheMap = `<a href="${townPath}" class="map-town"><title>Letchworth Garden City</title>`;
    for (const pagePath of ["/", "/hertfordshire"]) {
      expect(page(dir, pagePath).includes(linkedOnTheMap), `the map on ${pagePath}`).toBe(true);
    }
    for (const pagePath of ["/areas/roofers-in-hitchin/", townPath]) {
      expect(page(dir, pagePath).includes(`<g class="map-town"><title>Letchworth Garden City</title>`), `the map on ${pagePath}`).toBe(true);
    }
    expect(page(dir, "/").includes("Hertfordshire (11 towns)"), "the map's key").toBe(true);
    expect(readFileSync(path.join(dir, "build/client/sitemap.xml"), "utf8")).toContain(`<loc>https://www.example.com${townPath}</loc>`);

    for (const pagePath of ["/", "/contact", townPath]) {
      const html = page(dir, pagePath);
      expect(html.includes('href="tel:+447700900456"'), pagePath).toBe(true);
      expect(html.includes("07700 900456"), pagePath).toBe(true);
      expect(html.includes("900123"), `${pagePath} still shows the old number`).toBe(false);
    }
    expect(page(dir, "/contact").includes('data-chat-number="447700900456"'), "the chat follows the phone").toBe(true);
  });

  it("makes a mistake: the build stops and names the file and the field", () => {
    const dir = copyOfTheSite();
    editJson(dir, "areas.json", (areas) => (areas[4].nearby[1] = "letchworth"));
    editJson(dir, "business.json", (business) => (business.email = "info at example.com"));
    const result = build(dir);
    expect(result.status).not.toBe(0);
    const output = result.stdout + result.stderr;
    expect(output).toContain('app/content/areas.json: [4].nearby[1]: "letchworth" is not a town in areas.json');
    expect(output).toContain("app/content/business.json: email: must be an e-mail address");
    expect(existsSync(path.join(dir, "build/client/index.html"))).toBe(false);
  });
});
