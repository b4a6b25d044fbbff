/** The owner's gallery pictures in SQLite, loaded into the registry <Picture> reads (pictures.ts). */
import type { PictureEntry } from "../images.ts";
import { uploadedPictures } from "./pictures.ts";
import type { Db } from "../db/connection.server.ts";

/** Where the owner's pictures' files are: served at /images/uploads/. */
export const UPLOADS_DIR = "uploads";

export function loadPictures(store: Db) {
  const pictures = uploadedPictures();
  for (const row of store.db.prepare("SELECT name, entry FROM site_pictures").all() as { name: string; entry: string }[]) {
    pictures.set(row.name, JSON.parse(row.entry) as PictureEntry);
  }
}

/** Records a processed picture and makes it available to renders at once. */
export function addPicture(store: Db, picture: { name: string; entry: PictureEntry; files: string[] }, now = new Date()) {
  store.db
    .prepare("INSERT INTO site_pictures (name, entry, files, created_at) VALUES (?, ?, ?, ?)")
    .run(picture.name, JSON.stringify(picture.entry), JSON.stringify(picture.files), now.toISOString());
  uploadedPictures().set(picture.name, picture.entry);
}
