import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, it } from "vitest";
import { LeadStore, MIGRATIONS } from "../leads.server.ts";
import { inboxPage } from "./inbox.server.ts";

it("the owner's area migration keeps every stored request and makes it New", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "owner-migration-")), "leads.sqlite");
  const ownerArea = MIGRATIONS.findIndex((sql) => sql.includes("ADD COLUMN status"));
  expect(ownerArea).toBeGreaterThan(0);
  const old = new DatabaseSync(file);
  for (const sql of MIGRATIONS.slice(0, ownerArea)) old.exec(sql);
  old.exec(`PRAGMA user_version = ${ownerArea}`);
  old.prepare("INSERT INTO leads (created_at, form, page, name, email, phone, location, message) VALUES (?, 'quote', '/', 'Before', 'b@example.org', '01438 000000', '', 'Stored before the owner area')").run("2026-01-01T00:00:00Z");
  old.close();

  const store = new LeadStore(file);
  try {
    expect(store.list().map((l) => [l.name, l.status])).toEqual([["Before", "new"]]);
    expect(inboxPage(store, { q: "01438000000" }).total, "and findable by the owner's search").toBe(1);
    expect((store.db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version).toBe(MIGRATIONS.length);
  } finally {
    store.close();
  }
});
