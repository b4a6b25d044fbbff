/** What DATA_DIR holds: the database file, the photos folder beside it, the links' key, and the server's pid file. */
import path from "node:path";

export const DATABASE_FILE = "leads.sqlite";
export const PHOTOS_DIR = "photos";

/** The key that derives the customers' page links (link-key.server.ts): beside the database, never in it. */
export const LINK_KEY_FILE = "link.key";

/** The folder under photos/ where uploads wait while their request is handled. */
export const UPLOADS_IN_PROGRESS = "incoming";

/** The server writes its process id here while it runs, so a restore can refuse to run under it. */
export const SERVER_PID_FILE = "server.pid";

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || "data");
}

/** The database file in DATA_DIR (or in `dir`). */
export function databaseFile(dir = dataDir()): string {
  return path.join(dir, DATABASE_FILE);
}
