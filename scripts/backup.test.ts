/**
 * The photos of the job go into a backup and come back with a restore, in their own folder,
 * both sizes of each (decision 35); the rest of backing up is tried on the real server in
 * tests/integration/backup.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { insertJobPhotos, makeJobPhoto, writeJobPhotos } from "../app/lib/photos/job-photos.server.ts";
import { SARAHS_REQUEST } from "../tests/support/leads.ts";
import { openStore } from "../tests/support/owner.ts";
import { picture } from "../tests/support/pictures.ts";
import { makeBackup, restoreBackup } from "./backup.ts";

it("copies every photo of the job, both sizes, and restores them", async () => {
  const source = mkdtempSync(path.join(tmpdir(), "kestrel-data-"));
  const store = openStore(source);
  const id = store.add(SARAHS_REQUEST).id;
  const file = path.join(source, "upload.png");
  writeFileSync(file, await picture("png", 64, 48));
  const made = await makeJobPhoto(file);
  if (typeof made === "string") throw new Error(made);
  const [photo] = await writeJobPhotos(store.photosDir, [made]);
  store.inTransaction(() => insertJobPhotos(store, id, [photo!], { stage: "survey", caption: "", now: new Date() }));
  store.close();

  const backups = mkdtempSync(path.join(tmpdir(), "kestrel-backups-"));
  const { dir, missing } = await makeBackup(backups, { source });
  expect(missing).toEqual([]);
  const sizes = ["thumb", "large"].map((size) => path.join("photos", "job", `${photo!.id}-${size}.webp`));
  for (const size of sizes) expect(readFileSync(path.join(dir, size)).equals(readFileSync(path.join(source, size))), size).toBe(true);

  const target = mkdtempSync(path.join(tmpdir(), "kestrel-restored-"));
  restoreBackup(dir, { target });
  for (const size of sizes) expect(existsSync(path.join(target, size)), size).toBe(true);
});
