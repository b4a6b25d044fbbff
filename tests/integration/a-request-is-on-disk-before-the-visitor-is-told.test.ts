/**
 * A stored request is committed without waiting for the disk on the main thread, and the visitor
 * is told only once the database's log has been flushed to disk on another thread. Requests
 * committed while a flush is under way wait for the next one, which they share; a flush that fails
 * tells the visitor nothing was stored; every other write still waits for the disk itself.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LeadStore } from "~/lib/requests/leads.server.ts";
import { SARAHS_REQUEST as LEAD } from "../support/leads.ts";


/** A flush to disk the test finishes (or fails) when it chooses. */
function controlledDisk() {
  const flushes: { file: string; finish: () => void; fail: (error: Error) => void }[] = [];
  const syncFile = (file: string) =>
    new Promise<void>((resolve, reject) => {
      flushes.push({ file, finish: resolve, fail: reject });
    });
  return { flushes, syncFile };
}

const settled = async <T>(promise: Promise<T>) => {
  let state = "pending";
  promise.then(
    () => (state = "resolved"),
    () => (state = "rejected"),
  );
  // Let every queued callback run.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return state;
};

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "on-disk-"));
  file = path.join(dir, "leads.sqlite");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("a stored request", () => {
  it("is answered only after the database's log is flushed to disk", async () => {
    const disk = controlledDisk();
    const store = new LeadStore(file, { syncFile: disk.syncFile });
    const saving = store.save(LEAD, { notify: false });

    expect(await settled(saving)).toBe("pending");
    expect(disk.flushes.map((flush) => flush.file)).toEqual([`${file}-wal`]);
    // Committed: another connection already reads it, but nobody has been told.
    const reader = new DatabaseSync(file, { readOnly: true });
    expect(reader.prepare("SELECT name FROM leads").all()).toEqual([{ name: "Sarah Morgan" }]);
    reader.close();

    disk.flushes[0]!.finish();
    await expect(saving).resolves.toMatchObject({ name: "Sarah Morgan" });
    store.close();
  });

  it("committed while a flush is under way waits for the next flush, shared by all that came meanwhile", async () => {
    const disk = controlledDisk();
    const store = new LeadStore(file, { syncFile: disk.syncFile });
    const first = store.save({ ...LEAD, name: "First" }, { notify: false });
    await settled(first);
    const second = store.save({ ...LEAD, name: "Second" }, { notify: false });
    await settled(second);
    const third = store.save({ ...LEAD, name: "Third" }, { notify: false });
    await settled(third);
    expect(disk.flushes).toHaveLength(1);

    // The flush under way began before the second and third were committed: not theirs.
    disk.flushes[0]!.finish();
    expect(await settled(first)).toBe("resolved");
    expect(await settled(second)).toBe("pending");
    expect(await settled(third)).toBe("pending");
    expect(disk.flushes).toHaveLength(2);

    disk.flushes[1]!.finish();
    expect(await settled(second)).toBe("resolved");
    expect(await settled(third)).toBe("resolved");
    expect(disk.flushes).toHaveLength(2);
    store.close();
  });

  it("is refused when the flush to disk fails, so the visitor is asked to call instead", async () => {
    const disk = controlledDisk();
    const store = new LeadStore(file, { syncFile: disk.syncFile });
    const saving = store.save(LEAD, { notify: false });
    await settled(saving);
    disk.flushes[0]!.fail(new Error("EIO: i/o error, fdatasync"));
    await expect(saving).rejects.toThrow("EIO");
    store.close();
  });

  it("leaves every other write waiting for the disk itself", async () => {
    const store = new LeadStore(file);
    await expect(store.save(LEAD, { notify: false })).resolves.toMatchObject({ name: "Sarah Morgan" });
    expect(store.db.prepare("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
    store.close();
  });
});
