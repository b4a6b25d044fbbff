/**
 * Draws the social picture of every page (1200×630 PNG, shown when a link is shared) after the
 * pages are rendered, and names each one by its content.
 *
 * A picture is made of what the rendered page says: its title, the business name and phone, and
 * its own picture: the hero illustration or photo, else the service-area map drawn on the page
 * (town and region pages), else the home page's illustration. Text is laid out by satori with
 * the DejaVu Sans files in app/content/fonts/ and turned into outlines, so no system font is ever
 * used and every machine draws the same pixels; sharp then rasterises the SVG.
 *
 * Drawing is cached by a hash of its inputs, so a rebuild redraws only the pictures that change.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import satori from "satori";
import sharp from "sharp";
import { SOCIAL_IMAGE } from "../app/lib/public-site/seo.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const FONT_DIR = path.join(ROOT, "app/content/fonts");
const COLOURS = { ink: "#1e293b", paper: "#faf7f2", paperDark: "#f1ebe1", accent: "#b45309" };

/** What one picture shows. */
export interface SocialCard {
  title: string;
  businessName: string;
  phone: string;
  /** The page's picture as a data URL, with its size. */
  picture: { dataUrl: string; width: number; height: number };
}

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: "normal" }[]> | undefined;
function loadFonts() {
  fonts ??= Promise.all([
    readFile(path.join(FONT_DIR, "DejaVuSans.ttf")).then((data) => ({ name: "DejaVu Sans", data, weight: 400 as const, style: "normal" as const })),
    readFile(path.join(FONT_DIR, "DejaVuSans-Bold.ttf")).then((data) => ({ name: "DejaVu Sans", data, weight: 700 as const, style: "normal" as const })),
  ]);
  return fonts;
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({
  type,
  props: { ...props, style, children },
});

const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 32"><path d="M2 18 20 3l18 15" fill="none" stroke="#b45309" stroke-width="4" stroke-linejoin="round"/><path d="M8 16v13h24V16" fill="none" stroke="#1e293b" stroke-width="3"/><path d="M17 29v-8h6v8" fill="none" stroke="#1e293b" stroke-width="3"/></svg>',
).toString("base64")}`;

/** The card as an SVG with every letter already an outline. */
export async function cardSvg(card: SocialCard): Promise<string> {
  const box = { width: 460, height: 420 };
  const fit = Math.min(box.width / card.picture.width, box.height / card.picture.height);
  const titleSize = card.title.length > 60 ? 50 : card.title.length > 34 ? 58 : 68;
  const tree = el("div", { width: "100%", height: "100%", display: "flex", flexDirection: "column", backgroundColor: COLOURS.paper, fontFamily: "DejaVu Sans", color: COLOURS.ink }, [
    el("div", { display: "flex", flex: 1 }, [
      el("div", { display: "flex", flexDirection: "column", justifyContent: "space-between", width: 640, padding: "52px 0 52px 64px" }, [
        el("div", { display: "flex", alignItems: "center", fontSize: 34, fontWeight: 700 }, [
          el("img", { marginRight: 16 }, undefined, { src: LOGO, width: 60, height: 48 }),
          card.businessName,
        ]),
        el("div", { display: "flex", fontSize: titleSize, fontWeight: 700, lineHeight: 1.15, letterSpacing: -1 }, card.title),
        el("div", { display: "flex" }, [
          el("div", { display: "flex", backgroundColor: COLOURS.accent, color: "#fff", fontSize: 34, fontWeight: 700, padding: "14px 28px", borderRadius: 14 }, `Call ${card.phone}`),
        ]),
      ]),
      el("div", { display: "flex", flex: 1, alignItems: "center", justifyContent: "center", margin: "52px 56px 52px 24px", backgroundColor: COLOURS.paperDark, borderRadius: 28 }, [
        el("img", { borderRadius: 12 }, undefined, { src: card.picture.dataUrl, width: Math.round(card.picture.width * fit), height: Math.round(card.picture.height * fit) }),
      ]),
    ]),
    el("div", { display: "flex", height: 14, backgroundColor: COLOURS.accent }),
  ]);
  return satori(tree as never, { width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height, fonts: await loadFonts() });
}

export async function renderCard(card: SocialCard): Promise<Buffer> {
  const svg = await cardSvg(card);
  return sharp(Buffer.from(svg), { density: 72 }).resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
export function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") return String.fromCodePoint(code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

function meta(html: string, property: string): string | undefined {
  const match = html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`));
  return match ? decodeHtml(match[1]!) : undefined;
}

/**
 * The page's own picture: the hero's, else the service-area map drawn on the page (without its
 * words and scale: the card says them larger, and an SVG's own text would need system fonts),
 * else none.
 */
export async function pagePicture(html: string, clientDir: string): Promise<SocialCard["picture"] | undefined> {
  const hero = html.match(/<img\b[^>]*fetchpriority="high"[^>]*>/i)?.[0];
  const heroSrc = hero?.match(/\bsrc="(\/[^"]+)"/)?.[1];
  if (hero && heroSrc) {
    const data = await readFile(path.join(clientDir, heroSrc));
    const type = heroSrc.endsWith(".svg") ? "image/svg+xml" : heroSrc.endsWith(".png") ? "image/png" : "image/jpeg";
    return {
      dataUrl: `data:${type};base64,${data.toString("base64")}`,
      width: Number(hero.match(/\bwidth="(\d+)"/)?.[1]),
      height: Number(hero.match(/\bheight="(\d+)"/)?.[1]),
    };
  }
  const map = html.match(/<svg class="map-svg"[^>]*>[\s\S]*?<\/svg>/)?.[0];
  if (map) {
    const [, width, height] = map.match(/viewBox="0 0 (\d+) (\d+)"/)!;
    const drawing = map
      .replace(/<g class="map-scale"[\s\S]*?<\/g>|<(title|desc|text)\b[^>]*>[\s\S]*?<\/\1>/g, "")
      .replace("<svg ", `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" `)
      .replace("<defs>", '<rect width="100%" height="100%" fill="#fff"/><defs>');
    return { dataUrl: `data:image/svg+xml;base64,${Buffer.from(drawing).toString("base64")}`, width: Number(width), height: Number(height) };
  }
  return undefined;
}

async function walkHtml(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => path.join(e.parentPath, e.name));
}

/** Runs `task` over `items`, a few at a time. */
async function inParallel<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!);
      }
    }),
  );
  return results;
}

/**
 * Draws the social picture of every page in `clientDir` and points the pages' og:image at it.
 * The pages' own pictures are read from `assetsDir`: the build's folder, also when a publish
 * draws them for pages rendered into a folder of their own.
 */
export async function buildSocialImages(
  clientDir: string,
  cacheDir: string,
  businessName: string,
  phone: string,
  assetsDir = clientDir,
): Promise<{ drawn: number; cached: number }> {
  const outDir = path.join(clientDir, "images/social");
  await mkdir(outDir, { recursive: true });
  await mkdir(cacheDir, { recursive: true });
  const pages = await Promise.all((await walkHtml(clientDir)).map(async (file) => ({ file, html: await readFile(file, "utf8") })));
  const fallbackPage = pages.find((p) => p.file === path.join(clientDir, "index.html"));
  const fallback = fallbackPage && (await pagePicture(fallbackPage.html, assetsDir));

  // One picture per og:image address; alias pages share their canonical page's.
  const wanted = new Map<string, { title: string; html: string }>();
  for (const { html } of pages) {
    const url = meta(html, "og:image");
    const title = meta(html, "og:title");
    if (!url || !title || !/\/images\/social\/[a-z0-9-]+\.png$/.test(url) || wanted.has(url)) continue;
    wanted.set(url, { title: title.replace(` | ${businessName}`, ""), html });
  }

  const rendererVersion = createHash("sha256").update(await readFile(import.meta.filename)).update(JSON.stringify(SOCIAL_IMAGE)).digest("hex");
  let cached = 0;
  const names = await inParallel([...wanted], availableParallelism(), async ([url, { title, html }]) => {
    const picture = (await pagePicture(html, assetsDir)) ?? fallback;
    if (!picture) throw new Error(`${url}: the page has no picture and the home page has none to lend`);
    const card: SocialCard = { title, businessName, phone, picture };
    const key = createHash("sha256").update(rendererVersion).update(JSON.stringify(card)).digest("hex").slice(0, 32);
    const cacheFile = path.join(cacheDir, `${key}.png`);
    let png: Buffer;
    if (existsSync(cacheFile)) {
      png = await readFile(cacheFile);
      cached += 1;
    } else {
      png = await renderCard(card);
      await writeFile(cacheFile, png);
    }
    const base = path.basename(new URL(url).pathname, ".png");
    const name = `${base}.${createHash("sha256").update(png).digest("hex").slice(0, 10)}.png`;
    await writeFile(path.join(outDir, name), png);
    return [url, url.replace(/[^/]+$/, name)] as const;
  });

  const renamed = new Map(names);
  await Promise.all(
    pages.map(async ({ file, html }) => {
      const url = meta(html, "og:image");
      const hashed = url && renamed.get(url);
      if (hashed) await writeFile(file, html.replace(`content="${url}"`, `content="${hashed}"`));
    }),
  );
  return { drawn: wanted.size - cached, cached };
}
