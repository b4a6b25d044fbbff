/**
 * The customer's page link follows the one link rule (docs/decisions/0026-one-link-rule.md): made
 * with the request, derived with the key kept beside the database and never in it, the same each
 * time it is shown, replaced by Reset (410), gone with the request (404).
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LINK_KEY_FILE } from "../db/files.server.ts";
import { MIGRATIONS } from "../db/migrations/index.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { deleteLead } from "../requests/inbox.server.ts";
import { checkCustomerLink, customerPagePath, customerPageToken, customerPageUrl, resetCustomerLink } from "./page-links.server.ts";

let dir: string;
let store: LeadStore;
const file = () => path.join(dir, "leads.sqlite");
const newRequest = (name = "Sarah Jones") =>
  store.add({ form: "quote", page: "/", name, email: "sarah@example.org", phone: "07700 900321", location: "4 Church Road, Hitchin", message: "Slipped tiles." }, { notify: false }).id;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "kestrel-page-links-"));
  store = new LeadStore(file());
});
afterEach(() => store.close());

describe("a customer's page link", () => {
  it("is made with the request, the same each time it is shown, and opens that request only", () => {
    const first = newRequest();
    const second = newRequest("Raj Patel");
    const token = customerPageToken(store, first)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(customerPageToken(store, first)).toBe(token);
    expect(customerPageUrl(store, "https://www.example.com", first)).toBe(`https://www.example.com${customerPagePath(token)}`);
    expect(customerPagePath(token)).toBe(`/c/${token}`);
    expect(checkCustomerLink(store, token)).toEqual({ state: "open", leadId: first });
    expect(checkCustomerLink(store, customerPageToken(store, second)!)).toEqual({ state: "open", leadId: second });
  });

  it("is nowhere in the database, and the database with another key opens no page", () => {
    const id = newRequest();
    const token = customerPageToken(store, id)!;
    const db = new DatabaseSync(file(), { readOnly: true });
    try {
      const tables = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
      for (const table of tables) expect(JSON.stringify(db.prepare(`SELECT * FROM "${table}"`).all()), table).not.toContain(token);
    } finally {
      db.close();
    }
    const copy = new LeadStore(file(), { linkKey: Buffer.alloc(32, 7) });
    try {
      expect(checkCustomerLink(copy, token)).toEqual({ state: "unknown" });
      expect(customerPageToken(copy, id)).not.toBe(token);
    } finally {
      copy.close();
    }
  });

  it("keeps its key in a file of its own beside the database, readable by the site alone, and the same after a restart", () => {
    const id = newRequest();
    const token = customerPageToken(store, id)!;
    const keyFile = path.join(dir, LINK_KEY_FILE);
    expect(readFileSync(keyFile, "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    store.close();
    store = new LeadStore(file());
    expect(checkCustomerLink(store, token)).toEqual({ state: "open", leadId: id });
  });

  it("refuses to start on a key file it did not make, rather than change every link", () => {
    writeFileSync(path.join(dir, LINK_KEY_FILE), "not a key\n");
    expect(() => new LeadStore(file())).toThrow(/link\.key beside the database does not hold the key the site made/);
  });

  it("is replaced by Reset: the old link says so, the new one opens the page, and the history says who reset it", () => {
    const id = newRequest();
    const old = customerPageToken(store, id)!;
    const fresh = resetCustomerLink(store, id, "Dave's phone")!;
    expect(fresh).not.toBe(old);
    expect(customerPageToken(store, id)).toBe(fresh);
    expect(checkCustomerLink(store, old)).toEqual({ state: "replaced" });
    expect(checkCustomerLink(store, fresh)).toEqual({ state: "open", leadId: id });
    const again = resetCustomerLink(store, id, "Dave's phone")!;
    expect([checkCustomerLink(store, old).state, checkCustomerLink(store, fresh).state, checkCustomerLink(store, again).state]).toEqual(["replaced", "replaced", "open"]);
    expect(store.db.prepare("SELECT actor, action FROM audit WHERE lead_id = ?").all(id)).toEqual([
      { actor: "Dave's phone", action: "reset the customer's page link: the old one no longer opens it" },
      { actor: "Dave's phone", action: "reset the customer's page link: the old one no longer opens it" },
    ]);
    expect(resetCustomerLink(store, 999, "Dave's phone")).toBeUndefined();
  });

  it("opens nothing once the request is deleted, old or new", () => {
    const id = newRequest();
    const old = customerPageToken(store, id)!;
    const fresh = resetCustomerLink(store, id, "Dave")!;
    expect(deleteLead(store, id, "Dave")).toBe(true);
    expect(checkCustomerLink(store, old)).toEqual({ state: "unknown" });
    expect(checkCustomerLink(store, fresh)).toEqual({ state: "unknown" });
    expect(customerPageToken(store, id)).toBeUndefined();
  });

  it("is made by the upgrade for every request stored before it", () => {
    const before = path.join(mkdtempSync(path.join(tmpdir(), "kestrel-page-links-")), "leads.sqlite");
    const old = new DatabaseSync(before);
    const upgrade = MIGRATIONS.findIndex((m) => m.name.endsWith("-customer-page-links"));
    for (const migration of MIGRATIONS.slice(0, upgrade)) old.exec(migration.sql);
    old.exec(`PRAGMA user_version = ${upgrade}`);
    old.prepare("INSERT INTO leads (created_at, form, page, name, email, phone, location, message) VALUES (?, 'quote', '/', 'Before', 'b@example.org', '01438 000000', '', 'Old')").run("2026-01-01T00:00:00Z");
    old.close();
    const upgraded = new LeadStore(before);
    try {
      const [lead] = upgraded.list();
      expect(checkCustomerLink(upgraded, customerPageToken(upgraded, lead!.id)!)).toEqual({ state: "open", leadId: lead!.id });
    } finally {
      upgraded.close();
    }
  });
});
