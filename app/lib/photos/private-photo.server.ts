/**
 * A photo's file as the answer to a customer's private link (his page's photos, his survey
 * report's): WebP, never stored, indexed or named in a referrer. No file, or a link that no longer
 * opens it, is the same 404 whatever the reason, so a wrong guess learns nothing.
 */
import { readFile } from "node:fs/promises";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

export async function privatePhoto(file: string | undefined): Promise<Response> {
  const bytes = file && (await readFile(file).catch(() => undefined));
  if (!bytes) return new Response("This link does not work any more.", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(bytes), { headers: { ...PRIVATE, "Content-Type": "image/webp", "Content-Length": String(bytes.length) } });
}
