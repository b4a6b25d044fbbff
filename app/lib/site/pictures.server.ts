/**
 * The owner's gallery pictures in SQLite, loaded at start into the map the server hands every
 * render (app/lib/services/services.ts), where <Picture> finds them beside the build's own.
 */
import type { Db } from "../db/connection.server.ts";
import type { PictureEntry } from "../pictures/picture-set.ts";

/** Where the owner's pictures' files are: served at /images/uploads/. */
export const UPLOADS_DIR = "uploads";

/** The owner's pictures by name (the file name without its extension). */
export function loadPictures(store: Db): Map<string, PictureEntry> {
  const rows = store.db.prepare("SELECT name, entry FROM site_pictures").all() as { name: string; entry: string }[];
  return new Map(rows.map((row) => [row.name, JSON.parse(row.entry) as PictureEntry]));
}

/** Records a processed picture and adds it to `pictures`, the server's, so renders have it at once. */
export function addPicture(
  store: Db,
  pictures: Map<string, PictureEntry>,
  picture: { name: string; entry: PictureEntry; files: string[] },
  now = new Date(),
) {
  store.db
    .prepare("INSERT INTO site_pictures (name, entry, files, created_at) VALUES (?, ?, ?, ?)")
    .run(picture.name, JSON.stringify(picture.entry), JSON.stringify(picture.files), now.toISOString());
  pictures.set(picture.name, picture.entry);
}
