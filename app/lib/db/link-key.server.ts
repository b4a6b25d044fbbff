/**
 * The key that derives the links shown again and again (the customer's page, tokens.server.ts):
 * a file of its own beside the database, never in it, so a copy of the database (a backup, a
 * leak) opens no page. Made on first start, readable only by the site's user; the same file
 * stays across restarts, upgrades and restores, so the links already sent keep working.
 */
import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LINK_KEY_FILE } from "./files.server.ts";

const KEY = /^[0-9a-f]{64}$/;

/** The key beside `databaseFile`, made when there is none; a database in memory gets one of its own. */
export function linkKeyBeside(databaseFile: string): Buffer {
  if (databaseFile === ":memory:") return randomBytes(32);
  const file = path.join(path.dirname(path.resolve(databaseFile)), LINK_KEY_FILE);
  // Written whole under another name, then linked into place: two processes starting together
  // (the server, a command) never read a half-written key, and the first one's key stays.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const text = readFileSync(file, "utf8").trim();
  if (!KEY.test(text)) throw new Error(`${LINK_KEY_FILE} beside the database does not hold the key the site made (64 hex digits): put back the one from before, or remove it to make a new one (every customer's page link then changes)`);
  return Buffer.from(text, "hex");
}
