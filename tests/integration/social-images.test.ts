/** Every canonical page names a social picture that exists, is an image of 1200×630 and is cached for a year. */
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { canonicalPaths } from "../../app/content/index.ts";
import { siteUrl } from "../../app/lib/public-site/seo.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
beforeAll(async () => (server = await startServer()));
afterAll(() => server.stop());

const metaContent = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];

it("every canonical page's og:image (its alt said for X too) answers 200 with a 1200×630 PNG under a content-hashed name", { timeout: 60_000 }, async () => {
  const seen = new Set<string>();
  for (const pagePath of canonicalPaths()) {
    const html = await (await fetch(`${server.url}${pagePath}`)).text();
    const image = metaContent(html, "og:image");
    expect(image, pagePath).toMatch(new RegExp(`^${siteUrl().replaceAll(".", "\\.")}/images/social/[a-z0-9-]+\\.[0-9a-f]{10}\\.png$`));
    expect(metaContent(html, "og:image:width"), pagePath).toBe("1200");
    expect(metaContent(html, "og:image:height"), pagePath).toBe("630");
    expect(metaContent(html, "og:image:alt"), pagePath).toMatch(/\S.*Kestrel Roofing, call 07700 900123$/);
    expect(metaContent(html, "twitter:card"), pagePath).toBe("summary_large_image");
    expect(metaContent(html, "twitter:image:alt"), pagePath).toBe(metaContent(html, "og:image:alt"));
    seen.add(image!);

    const response = await fetch(`${server.url}${new URL(image!).pathname}`);
    expect(response.status, image).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect({ width, height, format }, image).toEqual({ width: 1200, height: 630, format: "png" });
  }
  expect(seen.size, "each page has its own picture").toBe(canonicalPaths().length);
});
