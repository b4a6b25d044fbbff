/**
 * Versions published before the content had its invoicing part hold no `invoicing` in their
 * edits: read back from the database as the server reads the live one at start (and as Undo
 * copies one forward), they take the invoicing facts from the content files.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentFiles, fileContent } from "../../content/index.ts";
import { loadContent } from "../../content/load.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { draftContent } from "./draft.server.ts";
import { applyEdits } from "./edits.ts";
import { currentDraft, liveVersion, restoreVersion } from "./versions.server.ts";

let dir: string;
let store: LeadStore;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "kestrel-versions-"));
  store = new LeadStore(path.join(dir, "leads.sqlite"));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A version row as a server from before invoicing wrote it: the VAT number and a phone changed, nothing more. */
function olderVersion(): number {
  const edits = JSON.stringify({ business: { phone: { display: "01438 555123", e164: "+441438555123" }, vatNumber: "GB339072747" } });
  const { id } = store.db
    .prepare("INSERT INTO site_versions (published_at, author, passkey_id, edits, summary, restored_from) VALUES (?, ?, NULL, ?, ?, NULL) RETURNING id")
    .get("2026-01-05T10:00:00.000Z", "Owner's phone", edits, JSON.stringify(["Phone number: 07700 900123 → 01438 555123, on all 55 pages"])) as { id: number };
  return id;
}

describe("a version published before invoicing existed", () => {
  it("is read with the files' invoicing facts, and its own business facts", () => {
    olderVersion();
    const live = liveVersion(store)!;
    expect(live.edits).not.toHaveProperty("invoicing");
    const content = loadContent(applyEdits(contentFiles, live.edits));
    expect(content.invoicing).toEqual(fileContent.invoicing);
    expect(content.business.vatNumber).toBe("GB339072747");
    expect(content.business.phone.display).toBe("01438 555123");
    expect(draftContent(store).invoicing, "the draft made from it").toEqual(fileContent.invoicing);
  });

  it("copied forward by Undo, makes a draft that passes the checks with the files' invoicing facts", () => {
    const id = olderVersion();
    expect(restoreVersion(store, id, { from: currentDraft(store).revision, author: "Owner's phone" })).toMatchObject({ ok: true });
    expect(draftContent(store).invoicing).toEqual(fileContent.invoicing);
  });
});
