/**
 * Turns the pictures in app/content/images/ into what the pages serve, and writes the manifest
 * that the <Picture> component reads.
 *
 * - A photo (JPEG, PNG, WebP, AVIF) becomes AVIF and WebP at several widths, plus a JPEG
 *   fallback, so a phone downloads only the size it shows.
 * - An SVG illustration is served as it is: flat vector art is smaller and sharper than any
 *   raster copy of it (docs/decisions/0003-images.md).
 *
 * Every output name carries a hash of its content, so the server can cache it for a year.
 * When a photo and an SVG share a base name, the photo wins: the owner replaces an
 * illustration by dropping in `roof-repairs.jpg` beside `roof-repairs.svg`.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { WIDTHS, type ImageManifest } from "../app/lib/pictures/picture-set.ts";

const RASTER = /\.(jpe?g|png|webp|avif)$/i;

function hashed(base: string, data: Buffer, ext: string) {
  return `${base}.${createHash("sha256").update(data).digest("hex").slice(0, 10)}.${ext}`;
}

export async function buildImages(sourceDir: string, outDir: string, urlBase = "/images"): Promise<ImageManifest> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const files = (await readdir(sourceDir)).filter((f) => RASTER.test(f) || f.endsWith(".svg")).sort();
  const byBase = new Map<string, string>();
  for (const file of files) {
    const base = file.replace(/\.[^.]+$/, "");
    const current = byBase.get(base);
    if (!current || (current.endsWith(".svg") && RASTER.test(file))) byBase.set(base, file);
  }

  const manifest: ImageManifest = {};
  for (const [base, file] of byBase) {
    const input = await readFile(path.join(sourceDir, file));
    const meta = await sharp(input).metadata();
    if (!meta.width || !meta.height) throw new Error(`app/content/images/${file}: cannot read its width and height`);
    const emit = async (data: Buffer, ext: string) => {
      const name = hashed(base, data, ext);
      await writeFile(path.join(outDir, name), data);
      return `${urlBase}/${name}`;
    };

    if (file.endsWith(".svg")) {
      manifest[base] = { width: meta.width, height: meta.height, src: await emit(input, "svg"), sources: [] };
      continue;
    }
    const widths = WIDTHS.filter((w) => w < meta.width!).concat(meta.width).filter((w, i, all) => all.indexOf(w) === i);
    const avif: string[] = [];
    const webp: string[] = [];
    for (const w of widths) {
      const resized = sharp(input).rotate().resize({ width: w });
      avif.push(`${await emit(await resized.clone().avif({ quality: 50 }).toBuffer(), "avif")} ${w}w`);
      webp.push(`${await emit(await resized.clone().webp({ quality: 72 }).toBuffer(), "webp")} ${w}w`);
    }
    const fallbackWidth = Math.min(meta.width, 1200);
    const fallback = await sharp(input).rotate().resize({ width: fallbackWidth }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
    const oriented = meta.orientation && meta.orientation >= 5;
    manifest[base] = {
      width: oriented ? meta.height : meta.width,
      height: oriented ? meta.width : meta.height,
      src: await emit(fallback, "jpg"),
      sources: [
        { type: "image/avif", srcset: avif.join(", ") },
        { type: "image/webp", srcset: webp.join(", ") },
      ],
    };
  }
  return manifest;
}

/**
 * The owner's app icons (routes/admin/manifest.ts), drawn from the logo: 192 and 512 px as it is,
 * and a maskable 512 px whose mark sits inside the middle 60 %, the part every phone's mask keeps.
 */
export async function buildOwnerIcons(logoFile: string, outDir: string): Promise<string[]> {
  const logo = await readFile(logoFile, "utf8");
  const background = /<rect[^>]*fill="([^"]+)"/.exec(logo)?.[1] ?? "#1e293b";
  const mark = logo.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "").replace(/<rect[^>]*\/>/, "");
  const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${background}"/><g transform="translate(8 8) scale(0.6)">${mark}</g></svg>`;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const icons: [string, string, number][] = [
    ["icon-192.png", logo, 192],
    ["icon-512.png", logo, 512],
    ["icon-maskable-512.png", maskable, 512],
  ];
  for (const [name, svg, size] of icons) {
    await sharp(Buffer.from(svg), { density: (72 * size) / 40 }).resize(size, size).png().toFile(path.join(outDir, name));
  }
  return icons.map(([name]) => name);
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, "..");
  const icons = await buildOwnerIcons(path.join(root, "public/logo.svg"), path.join(root, "public/owner-app"));
  console.log(`owner app: ${icons.join(", ")} written to public/owner-app`);
  const manifest = await buildImages(path.join(root, "app/content/images"), path.join(root, "public/images"));
  await writeFile(path.join(root, "app/content/images.generated.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`images: ${Object.keys(manifest).length} pictures written to public/images`);
}
