import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, it } from "vitest";
import { buildImages } from "./build-images.ts";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#b45309"/></svg>';

async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 60 } } }).jpeg().toBuffer();
}

it("serves an illustration as it is, under a hashed name, with its size", async () => {
  const source = mkdtempSync(path.join(tmpdir(), "images-src-"));
  const out = mkdtempSync(path.join(tmpdir(), "images-out-"));
  writeFileSync(path.join(source, "hero.svg"), SVG);
  const manifest = await buildImages(source, out);
  expect(manifest.hero).toMatchObject({ width: 800, height: 600, sources: [] });
  expect(manifest.hero!.src).toMatch(/^\/images\/hero\.[0-9a-f]{10}\.svg$/);
  expect(readdirSync(out)).toEqual([path.basename(manifest.hero!.src)]);
});

it("turns an owner's photo into AVIF and WebP at several widths, and it replaces the illustration of the same name", async () => {
  const source = mkdtempSync(path.join(tmpdir(), "images-src-"));
  const out = mkdtempSync(path.join(tmpdir(), "images-out-"));
  writeFileSync(path.join(source, "roof-repairs.svg"), SVG);
  writeFileSync(path.join(source, "roof-repairs.jpg"), await photo(1400, 1050));
  const manifest = await buildImages(source, out);
  const entry = manifest["roof-repairs"]!;
  expect(entry).toMatchObject({ width: 1400, height: 1050 });
  expect(entry.src).toMatch(/\.jpg$/);
  expect(entry.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
  for (const source of entry.sources) {
    const widths = source.srcset.split(", ").map((candidate) => Number(candidate.split(" ")[1]!.replace("w", "")));
    expect(widths).toEqual([480, 800, 1200, 1400]);
  }
  const files = readdirSync(out);
  expect(files.filter((f) => f.endsWith(".avif"))).toHaveLength(4);
  expect(files.filter((f) => f.endsWith(".webp"))).toHaveLength(4);
  expect(files.some((f) => f.endsWith(".svg"))).toBe(false);
  const smallest = entry.sources[0]!.srcset.split(", ")[0]!.split(" ")[0]!;
  expect((await sharp(path.join(out, path.basename(smallest))).metadata()).width).toBe(480);
});
