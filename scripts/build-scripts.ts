/**
 * Bundles the few browser scripts in app/enhance/ into public/js/, each under a hashed name, and
 * writes the manifest the root layout reads to include a page's scripts (see `handle.scripts`).
 * Pages are never hydrated: a script only improves a form that already works as HTML.
 */
import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "vite";

export async function buildScripts(root: string): Promise<Record<string, string>> {
  const sourceDir = path.join(root, "app/enhance");
  const outDir = path.join(root, "public/js");
  await rm(outDir, { recursive: true, force: true });
  const entries = (await readdir(sourceDir)).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  const input = Object.fromEntries(entries.map((f) => [f.replace(/\.ts$/, ""), path.join(sourceDir, f)]));
  const result = await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: "es2022",
      modulePreload: false,
      rollupOptions: { input, output: { entryFileNames: "[name].[hash].js", chunkFileNames: "[name].[hash].js", format: "es" } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []));
  const manifest: Record<string, string> = {};
  for (const chunk of outputs) if (chunk.type === "chunk" && chunk.isEntry) manifest[chunk.name] = `/js/${chunk.fileName}`;
  return manifest;
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, "..");
  const manifest = await buildScripts(root);
  await writeFile(path.join(root, "app/enhance/scripts.generated.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`scripts: ${Object.keys(manifest).join(", ")} written to public/js`);
}
