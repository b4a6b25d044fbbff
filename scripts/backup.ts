/**
 * The owner's safety copies of the requests:
 *   npm run backup -- DIR [--keep-days 30]   a consistent copy while the server runs, then prunes old copies
 *   npm run restore -- BACKUP                puts a copy back in place (server stopped)
 * Both read the same DATA_DIR as the server. A backup is a folder named by its UTC date and time,
 * kestrel-YYYY-MM-DDTHH-MM-SSZ, holding leads.sqlite (requests, quotes, the owner's published site
 * versions and the server's push keys), photos/ (with the photos of the job in photos/job/) and
 * uploads/ (the gallery's pictures).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { DATABASE_FILE as DATABASE, dataDir, PHOTOS_DIR as PHOTOS, SERVER_PID_FILE } from "../app/lib/db/files.server.ts";
import { photoFileName } from "../app/lib/photos/photos.server.ts";
import { JOB_PHOTOS_FOLDER, jobPhotoFile } from "../app/lib/photos/job-photos.server.ts";
import { UPLOADS_DIR } from "../app/lib/site/pictures.server.ts";

/** A backup's folder, or one a backup that was killed half way left under its temporary name. */
const NAME = /^\.?kestrel-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(\.partial)?$/;

type Out = (text: string) => void;
const stdout: Out = (text) => process.stdout.write(text);

/** kestrel-2026-11-23T02-30-00Z: sorts by time and is a valid file name everywhere. */
export function backupName(now: Date): string {
  return `kestrel-${now.toISOString().slice(0, 19).replace(/:/g, "-")}Z`;
}

function backupTime(name: string): Date | undefined {
  const match = NAME.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : undefined;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** "ok", or the problems SQLite found in the file. */
export function integrityOf(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare("PRAGMA integrity_check")
      .all()
      .map((row) => String(Object.values(row as object)[0]))
      .join("; ");
  } finally {
    db.close();
  }
}

/** The owner's gallery pictures' files a database lists (none for a database from before them). */
function pictureFilesIn(db: DatabaseSync): string[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'site_pictures'").get();
  if (!table) return [];
  return db.prepare("SELECT files FROM site_pictures").all().flatMap((row) => JSON.parse(String((row as { files: string }).files)) as string[]);
}

/** The photo files a database's requests point to (none for a database from before photos). */
function photoFilesIn(db: DatabaseSync): string[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'lead_photos'").get();
  if (!table) return [];
  const sent = db.prepare("SELECT id FROM lead_photos").all().map((row) => photoFileName(String((row as { id: string }).id)));
  // The photos of the job (decision 35), in their folder under photos/, two sizes each.
  const ofTheJob = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'job_photos'").get()
    ? db.prepare("SELECT id FROM job_photos").all().flatMap((row) => (["thumb", "large"] as const).map((size) => path.join(JOB_PHOTOS_FOLDER, jobPhotoFile(String((row as { id: string }).id), size))))
    : [];
  return [...sent, ...ofTheJob];
}

/**
 * Copies the database with SQLite's online backup (a consistent snapshot, even while the server
 * writes), then the photos that snapshot points to. A photo's file is written before its request
 * is committed, so every photo in the snapshot is on disk. The copy is made under a temporary
 * name and renamed when complete, so a half-made backup never looks like a backup.
 */
export async function makeBackup(into: string, options: { now?: Date; source?: string } = {}): Promise<{ dir: string; requests: number; photos: number; bytes: number; missing: string[] }> {
  const source = options.source ?? dataDir();
  const sourceFile = path.join(source, DATABASE);
  if (!existsSync(sourceFile)) throw new Error(`No requests database at ${sourceFile} (is DATA_DIR right?)`);
  const name = backupName(options.now ?? new Date());
  const dir = path.join(into, name);
  if (existsSync(dir)) throw new Error(`${dir} already exists`);
  const partial = path.join(into, `.${name}.partial`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(path.join(partial, PHOTOS), { recursive: true });
  mkdirSync(path.join(partial, UPLOADS_DIR), { recursive: true });
  try {
    const live = new DatabaseSync(sourceFile);
    try {
      live.exec("PRAGMA busy_timeout = 5000");
      // All pages in one step: a step is a read snapshot, so the server's writes meanwhile neither
      // block it nor make it start over.
      await backup(live, path.join(partial, DATABASE), { rate: 1_000_000 });
    } finally {
      live.close();
    }
    const copy = new DatabaseSync(path.join(partial, DATABASE));
    let requests: number;
    let files: string[];
    let pictures: string[];
    try {
      // One self-contained file, with no -wal beside it.
      copy.exec("PRAGMA journal_mode = DELETE");
      requests = (copy.prepare("SELECT COUNT(*) AS n FROM leads").get() as { n: number }).n;
      files = photoFilesIn(copy);
      pictures = pictureFilesIn(copy);
    } finally {
      copy.close();
    }
    const integrity = integrityOf(path.join(partial, DATABASE));
    if (integrity !== "ok") throw new Error(`The copy failed its integrity check: ${integrity}`);
    const missing: string[] = [];
    let bytes = statSync(path.join(partial, DATABASE)).size;
    for (const file of files) {
      const from = path.join(source, PHOTOS, file);
      if (!existsSync(from)) {
        // Deleted with its request after the snapshot was taken.
        missing.push(file);
        continue;
      }
      // A photo of the job is in its folder (photos/job/), made with its first.
      mkdirSync(path.dirname(path.join(partial, PHOTOS, file)), { recursive: true });
      copyFileSync(from, path.join(partial, PHOTOS, file));
      bytes += statSync(from).size;
    }
    // The gallery's pictures: written before their row, never deleted while a version may show them.
    for (const file of pictures) {
      const from = path.join(source, UPLOADS_DIR, file);
      if (!existsSync(from)) {
        missing.push(`${UPLOADS_DIR}/${file}`);
        continue;
      }
      copyFileSync(from, path.join(partial, UPLOADS_DIR, file));
      bytes += statSync(from).size;
    }
    renameSync(partial, dir);
    return { dir, requests, photos: files.length + pictures.length - missing.length, bytes, missing };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Removes backups in `dir` older than `keepDays` days; returns their paths. */
export function pruneBackups(dir: string, keepDays: number, now: Date = new Date()): string[] {
  const cutoff = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    const time = backupTime(name);
    if (time && time.getTime() < cutoff) {
      rmSync(path.join(dir, name), { recursive: true, force: true });
      removed.push(path.join(dir, name));
    }
  }
  return removed;
}

export async function runBackup(argv: string[], out: Out = stdout): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { "keep-days": { type: "string", default: "30" } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const [into, ...extra] = parsed.positionals;
  const keepText = parsed.values["keep-days"]!;
  if (!into || extra.length || !/^\d+$/.test(keepText) || Number(keepText) < 1) {
    console.error("Usage: npm run backup -- DIR [--keep-days N]   (N: whole days to keep, at least 1; default 30)");
    return 2;
  }
  try {
    mkdirSync(into, { recursive: true });
    const made = await makeBackup(path.resolve(into));
    out(`Wrote ${made.dir}: ${made.requests} request${made.requests === 1 ? "" : "s"}, ${made.photos} photo${made.photos === 1 ? "" : "s"}, ${megabytes(made.bytes)}.\n`);
    for (const file of made.missing) out(`  (photo ${file} was deleted with its request during the backup)\n`);
    for (const old of pruneBackups(path.resolve(into), Number(keepText))) out(`Removed ${old} (older than ${keepText} days).\n`);
    return 0;
  } catch (error) {
    console.error(`Backup failed: ${(error as Error).message}`);
    return 1;
  }
}

/** The process id of a server using this DATA_DIR, if one is running. */
function runningServer(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(path.join(dir, SERVER_PID_FILE), "utf8"), 10);
  } catch {
    return undefined;
  }
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Puts a backup in place of DATA_DIR's requests: checks it with PRAGMA integrity_check first,
 * then moves the current database and photos aside into DATA_DIR/replaced-<date-time>/ (nothing
 * is deleted), then copies the backup in. Refuses while the server runs.
 */
export function restoreBackup(from: string, options: { target?: string; now?: Date } = {}): { replaced?: string; requests: number; photos: number } {
  const target = options.target ?? dataDir();
  const backupDir = statSync(from).isDirectory() ? from : path.dirname(from);
  const backupFile = path.join(backupDir, DATABASE);
  if (!existsSync(backupFile)) throw new Error(`${backupDir} holds no ${DATABASE}: not a backup`);
  const pid = runningServer(target);
  if (pid) throw new Error(`The server is running (process ${pid}); stop it first (systemctl stop kestrel)`);
  let integrity: string;
  try {
    integrity = integrityOf(backupFile);
  } catch (error) {
    integrity = (error as Error).message;
  }
  if (integrity !== "ok") throw new Error(`${backupFile} failed its integrity check: ${integrity}`);
  const db = new DatabaseSync(backupFile, { readOnly: true });
  let requests: number;
  let files: string[];
  let pictures: string[];
  try {
    requests = (db.prepare("SELECT COUNT(*) AS n FROM leads").get() as { n: number }).n;
    files = photoFilesIn(db);
    pictures = pictureFilesIn(db);
  } finally {
    db.close();
  }
  const lost = files.filter((file) => !existsSync(path.join(backupDir, PHOTOS, file)));
  if (lost.length) throw new Error(`${backupDir} lacks ${lost.length} of its photos (${lost.slice(0, 3).join(", ")})`);

  mkdirSync(target, { recursive: true });
  const lostPictures = pictures.filter((file) => !existsSync(path.join(backupDir, UPLOADS_DIR, file)));
  if (lostPictures.length) throw new Error(`${backupDir} lacks ${lostPictures.length} of its gallery pictures (${lostPictures.slice(0, 3).join(", ")})`);
  // The published pages (site/) go aside too: the server renders the backup's version at start.
  const current = [DATABASE, `${DATABASE}-wal`, `${DATABASE}-shm`, PHOTOS, UPLOADS_DIR, "site"].filter((name) => existsSync(path.join(target, name)));
  let replaced: string | undefined;
  if (current.length) {
    replaced = path.join(target, `replaced-${backupName(options.now ?? new Date()).slice("kestrel-".length)}`);
    mkdirSync(replaced);
    for (const name of current) renameSync(path.join(target, name), path.join(replaced, name));
  }
  copyFileSync(backupFile, path.join(target, DATABASE));
  mkdirSync(path.join(target, PHOTOS), { recursive: true });
  for (const file of files) {
    mkdirSync(path.dirname(path.join(target, PHOTOS, file)), { recursive: true });
    copyFileSync(path.join(backupDir, PHOTOS, file), path.join(target, PHOTOS, file));
  }
  mkdirSync(path.join(target, UPLOADS_DIR), { recursive: true });
  for (const file of pictures) copyFileSync(path.join(backupDir, UPLOADS_DIR, file), path.join(target, UPLOADS_DIR, file));
  return { replaced, requests, photos: files.length + pictures.length };
}

export function runRestore(argv: string[], out: Out = stdout): number {
  const [from, ...extra] = argv;
  if (!from || extra.length || from.startsWith("-")) {
    console.error("Usage: npm run restore -- BACKUP   (a backup folder made by npm run backup; stop the server first)");
    return 2;
  }
  try {
    if (!existsSync(from)) throw new Error(`${from} does not exist`);
    const done = restoreBackup(path.resolve(from));
    if (done.replaced) out(`Moved the current requests aside to ${done.replaced}.\n`);
    out(`Restored ${done.requests} request${done.requests === 1 ? "" : "s"} and ${done.photos} photo${done.photos === 1 ? "" : "s"} from ${path.resolve(from)} into ${dataDir()}.\n`);
    return 0;
  } catch (error) {
    console.error(`Restore failed: ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await runBackup(process.argv.slice(2));
