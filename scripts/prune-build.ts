/**
 * Removes from build/client what no page loads: React Router's client bundle and the `.data`
 * files it prerenders for client-side navigation. No page is hydrated (decision 0001), so
 * these would only be dead weight on a server or a CDN. A page that did reference one of them
 * would fail the link and budget tests.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

export async function pruneBuild(clientDir: string): Promise<string[]> {
  const files = await walk(clientDir);
  const html = (await Promise.all(files.filter((f) => f.endsWith(".html")).map((f) => readFile(f, "utf8")))).join("\n");
  const unused = files.filter((file) => {
    const url = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    if (file.endsWith(".data")) return true;
    return url.startsWith("/assets/") && file.endsWith(".js") && !html.includes(url);
  });
  await Promise.all(unused.map((file) => rm(file)));
  return unused;
}

if (import.meta.main) {
  const removed = await pruneBuild(path.resolve(import.meta.dirname, "../build/client"));
  console.log(`prune: removed ${removed.length} files no page loads`);
}
