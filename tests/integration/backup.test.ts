/**
 * `npm run backup` while 50 connections post quote requests, and `npm run restore` back: the real
 * server, the real commands, real SQLite files.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, it } from "vitest";
import { picture } from "../support/pictures.ts";
import { photoRows, postForm, postMultipart, QUOTE, ROOT, startServer } from "../support/server.ts";

function npmScript(script: string, args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

function namesIn(file: string): Set<string> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return new Set(db.prepare("SELECT name FROM leads").all().map((row) => String(row.name)));
  } finally {
    db.close();
  }
}

it("backs up while 50 connections post, holding every request answered before it began; restore brings it back", async () => {
  const server = await startServer({ FORM_RATE_LIMIT: "100000" });
  const backups = mkdtempSync(path.join(tmpdir(), "kestrel-backups-"));
  // A copy far older than 30 days, to be pruned; and something else, to be left alone.
  mkdirSync(path.join(backups, "kestrel-2020-01-01T02-30-00Z"));
  mkdirSync(path.join(backups, ".kestrel-2020-01-02T02-30-00Z.partial"));
  mkdirSync(path.join(backups, "notes"));
  try {
    const withPhoto = await postMultipart(server, "/?index", { ...QUOTE, name: "Photo Before" }, [{ name: "roof.jpg", bytes: await picture("jpeg", 400, 300) }]);
    expect(withPhoto.status).toBe(303);

    const answered: { name: string; at: number }[] = [];
    let posting = true;
    let sent = 0;
    const connections = Array.from({ length: 50 }, async (_, connection) => {
      while (posting) {
        const name = `Load ${connection}-${sent++}`;
        const response = await postForm(server, "/?index", { ...QUOTE, name });
        if (response.status === 303) answered.push({ name, at: performance.now() });
        else throw new Error(`answered ${response.status}`);
      }
    });
    // Posts keep arriving, and more than 50 were answered before the backup begins, however slow the machine.
    while (answered.length <= 50) await new Promise((r) => setTimeout(r, 50));
    const began = performance.now();
    const made = await npmScript("backup", [backups, "--keep-days", "30"], server.dataDir);
    await new Promise((r) => setTimeout(r, 300));
    posting = false;
    await Promise.all(connections);

    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    const dir = /^Wrote (\S+): (\d+) requests, 1 photo, [\d.]+ MB\.$/m.exec(made.stdout)?.[1];
    expect(dir, made.stdout).toBeDefined();
    expect(path.basename(dir!)).toMatch(/^kestrel-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect(made.stdout).toContain(`Removed ${path.join(backups, "kestrel-2020-01-01T02-30-00Z")} (older than 30 days).`);
    expect(made.stdout).toContain(`Removed ${path.join(backups, ".kestrel-2020-01-02T02-30-00Z.partial")} (older than 30 days).`);
    expect(readdirSync(backups).sort()).toEqual([path.basename(dir!), "notes"].sort());

    const file = path.join(dir!, "leads.sqlite");
    const db = new DatabaseSync(file, { readOnly: true });
    expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    db.close();
    const inBackup = namesIn(file);
    const before = answered.filter((a) => a.at < began);
    expect(before.length).toBeGreaterThan(50);
    expect(before.filter((a) => !inBackup.has(a.name))).toEqual([]);
    expect(inBackup.has("Photo Before")).toBe(true);
    const photo = photoRows(server)[0]!;
    expect(readdirSync(path.join(dir!, "photos"))).toEqual([`${String(photo.id)}.jpg`]);
    // Requests went on being stored while the backup ran, so the live store has more.
    expect(server.rows().length).toBeGreaterThan(inBackup.size);

    // Restore refuses while the server runs, then round-trips the backup once it is stopped.
    const refused = await npmScript("restore", [dir!], server.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The server is running");
    const liveCount = server.rows().length;
    await server.stop();
    const restored = await npmScript("restore", [dir!], server.dataDir);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${inBackup.size} requests and 1 photo`);
    const aside = /Moved the current requests aside to (\S+)\./.exec(restored.stdout)?.[1];
    expect(namesIn(path.join(aside!, "leads.sqlite")).size).toBe(liveCount);

    const again = await startServer({}, server.dataDir);
    try {
      expect(new Set(again.rows().map((r) => String(r.name)))).toEqual(inBackup);
      expect(photoRows(again)).toHaveLength(1);
      expect(existsSync(path.join(again.dataDir, "photos", `${String(photo.id)}.jpg`))).toBe(true);
    } finally {
      await again.stop();
    }
  } finally {
    await server.stop();
  }
}, 60_000);

it("refuses to restore a damaged backup, and leaves the current requests alone", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kestrel-restore-"));
  const live = new DatabaseSync(path.join(dataDir, "leads.sqlite"));
  live.exec("CREATE TABLE leads (name TEXT); INSERT INTO leads VALUES ('Current')");
  live.close();
  const damaged = mkdtempSync(path.join(tmpdir(), "kestrel-damaged-"));
  writeFileSync(path.join(damaged, "leads.sqlite"), Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.alloc(4096, 7)]));
  const result = spawnSync(process.execPath, ["scripts/restore.ts", damaged], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/Restore failed: .*(integrity check|not a database|malformed)/);
  expect([...namesIn(path.join(dataDir, "leads.sqlite"))]).toEqual(["Current"]);
  expect(readdirSync(dataDir)).toEqual(["leads.sqlite"]);
});

it("fails with a message and a non-zero exit when there is nothing to back up", () => {
  const result = spawnSync(process.execPath, ["scripts/backup.ts", mkdtempSync(path.join(tmpdir(), "kestrel-b-"))], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "kestrel-empty-")) },
    encoding: "utf8",
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Backup failed: No requests database");
});

it("holds the owner's site: its published versions and push keys in the database, and the gallery's pictures", async () => {
  const { LeadStore } = await import("../../app/lib/requests/leads.server.ts");
  const { addPicture } = await import("../../app/lib/site/pictures.server.ts");
  const { recordPublish, saveSiteDraft } = await import("../../app/lib/site/versions.server.ts");
  const source = mkdtempSync(path.join(tmpdir(), "kestrel-site-"));
  const store = new LeadStore(path.join(source, "leads.sqlite"));
  mkdirSync(path.join(source, "uploads"));
  const files = ["g-0123456789ab-480.0123456789.avif", "g-0123456789ab-480.abcdef0123.jpg"];
  for (const file of files) writeFileSync(path.join(source, "uploads", file), `picture ${file}`);
  addPicture(store, new Map(), { name: "g-0123456789ab", entry: { width: 480, height: 320, src: `/images/uploads/${files[1]}`, sources: [] }, files });
  saveSiteDraft(store, { business: { email: "office@kestrel-roofing.co.uk" } }, { from: 0, author: "Test" });
  recordPublish(store, { edits: { business: { email: "office@kestrel-roofing.co.uk" } }, from: 1, author: "Test", summary: [] });
  store.close();

  const backups = mkdtempSync(path.join(tmpdir(), "kestrel-backups-"));
  const made = await npmScript("backup", [backups], source);
  expect(made.code, made.stderr).toBe(0);
  const [name] = readdirSync(backups);
  expect(readdirSync(path.join(backups, name!, "uploads")).sort()).toEqual([...files].sort());

  const target = mkdtempSync(path.join(tmpdir(), "kestrel-restored-"));
  const restored = await npmScript("restore", [path.join(backups, name!)], target);
  expect(restored.code, restored.stderr).toBe(0);
  expect(readdirSync(path.join(target, "uploads")).sort()).toEqual([...files].sort());
  const db = new DatabaseSync(path.join(target, "leads.sqlite"), { readOnly: true });
  try {
    expect(db.prepare("SELECT edits FROM site_versions").get()).toEqual({ edits: JSON.stringify({ business: { email: "office@kestrel-roofing.co.uk" } }) });
  } finally {
    db.close();
  }
});
