/**
 * The pictures the owner added, as <Picture> finds them beside the build's own: a registry the
 * server fills from the database (app/lib/site/pictures.server.ts), kept on globalThis so that the
 * built app's copy of <Picture> reads the server's.
 */
import type { PictureEntry } from "../images.ts";

const PICTURES = Symbol.for("kestrel.uploadedPictures");
type Holder = { [PICTURES]?: Map<string, PictureEntry> };

/** The owner's pictures by name (the file name without its extension). */
export function uploadedPictures(): Map<string, PictureEntry> {
  const holder = globalThis as Holder;
  holder[PICTURES] ??= new Map();
  return holder[PICTURES];
}
