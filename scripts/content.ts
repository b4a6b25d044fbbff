/**
 * The site's content from the server's shell:
 *   npm run content -- export DIR   writes the live content (the content files with the owner's
 *                                   published edits over them) as the same JSON files, for a
 *                                   developer to copy into app/content/ and commit; all but
 *                                   invoicing.json (see below)
 *   npm run content -- check        lists what still holds a placeholder (also logged at start)
 * It reads the same DATA_DIR as the server.
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { contentFiles } from "../app/content/index.ts";
import { loadContent } from "../app/content/load.ts";
import { databaseFile, dataDir } from "../app/lib/db/files.server.ts";
import { LeadStore } from "../app/lib/requests/leads.server.ts";
import { UPLOADS_DIR } from "../app/lib/site/pictures.server.ts";
import { applyEdits } from "../app/lib/site/edits.ts";
import { placeholders } from "../app/lib/site/placeholders.ts";
import { liveVersion } from "../app/lib/site/versions.server.ts";

const USAGE = "Usage: npm run content -- export DIR | check\n";

export function run(argv: string[], out: (text: string) => void = (t) => process.stdout.write(t)): number {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const [command, dir] = positionals;
  if (command !== "export" && command !== "check") {
    out(USAGE);
    return 2;
  }
  const store = new LeadStore(databaseFile());
  try {
    const live = liveVersion(store);
    const raw = applyEdits(contentFiles, live?.edits ?? {});
    const content = loadContent(raw);
    if (command === "check") {
      const found = placeholders(content, contentFiles);
      out(found.length ? `Still to replace before launch:\n${found.map(({ text }) => `  - ${text}`).join("\n")}\n` : "Nothing holds a placeholder.\n");
      return found.length ? 1 : 0;
    }
    if (!dir) {
      out(USAGE);
      return 2;
    }
    mkdirSync(dir, { recursive: true });
    // The invoicing file is not written at all: its bank details and invoice address must never
    // reach the repository or a public page (issue 28), so they stay in the server's database, as
    // the owner's edits over the committed file, which keeps its placeholder.
    const exported = Object.entries(raw).filter(([name]) => name !== "invoicing");
    for (const [name, value] of exported) writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(value, null, 2)}\n`);
    // The gallery's own photos, as the build takes pictures in: app/content/images/{name}.jpg
    // (the largest JPEG made of each; the original upload was never kept).
    const uploaded = store.db.prepare("SELECT name, entry FROM site_pictures").all() as { name: string; entry: string }[];
    const used = new Set(content.gallery.map((project) => project.image.src.replace(/\.[^.]+$/, "")));
    const pictures = uploaded.filter((row) => used.has(row.name));
    if (pictures.length) mkdirSync(path.join(dir, "images"), { recursive: true });
    for (const row of pictures) {
      const file = path.basename((JSON.parse(row.entry) as { src: string }).src);
      copyFileSync(path.join(dataDir(), UPLOADS_DIR, file), path.join(dir, "images", `${row.name}.jpg`));
    }
    out(
      `${live ? `Version ${live.id} (published ${live.publishedAt} by ${live.author})` : "The content files (nothing published yet)"} written to ${dir}: ` +
        `${exported.map(([name]) => `${name}.json`).join(", ")}${pictures.length ? ` and ${pictures.length} gallery photo${pictures.length === 1 ? "" : "s"} in images/` : ""}.\n` +
        "Copy them into app/content/ (the photos into app/content/images/) and commit them; the owner's edits then match the files.\n" +
        "The bank details and the postal address for invoices are not written: they stay on the server.\n",
    );
    return 0;
  } finally {
    store.close();
  }
}

if (import.meta.main) process.exitCode = run(process.argv.slice(2));
