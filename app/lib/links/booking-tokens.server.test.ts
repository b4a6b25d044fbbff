/**
 * The thank-you page's one-time booking link follows the one link rule (decision 26): only its
 * hash is kept, it opens its own request only, a forged one is unknown (404), and once used or
 * two days old it is closed (410).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { checkBookingToken, closeBookingToken, makeBookingToken } from "./booking-tokens.server.ts";
import { DAY_MS, hashToken } from "./tokens.server.ts";

let store: LeadStore;
const NOW = new Date("2026-12-01T10:00:00Z");
const newRequest = (name: string) => store.add({ form: "quote", page: "/", name, email: "a@example.org", phone: "07700 900321", location: "Hitchin", message: "Tiles." }, { notify: false }).id;

beforeEach(() => (store = new LeadStore(path.join(mkdtempSync(path.join(tmpdir(), "kestrel-booking-")), "leads.sqlite"))));
afterEach(() => store.close());

describe("a booking link", () => {
  it("keeps only its hash and opens its own request until it is used or two days old", () => {
    const [first, second] = [newRequest("Ann"), newRequest("Bob")];
    const token = makeBookingToken(store.db, first, NOW);
    makeBookingToken(store.db, second, NOW);
    expect(store.db.prepare("SELECT token_hash AS hash FROM survey_booking_tokens WHERE lead_id = ?").get(first)).toEqual({ hash: hashToken(token) });
    expect(JSON.stringify(store.db.prepare("SELECT * FROM survey_booking_tokens").all())).not.toContain(token);
    expect(checkBookingToken(store.db, token, NOW)).toEqual({ state: "open", leadId: first });
    expect(checkBookingToken(store.db, token, new Date(NOW.getTime() + 2 * DAY_MS - 1))).toEqual({ state: "open", leadId: first });
    expect(checkBookingToken(store.db, token, new Date(NOW.getTime() + 2 * DAY_MS))).toEqual({ state: "expired" });
    closeBookingToken(store.db, first, NOW);
    expect(checkBookingToken(store.db, token, NOW)).toEqual({ state: "used" });
  });

  it("is unknown when forged or not of our shape", () => {
    makeBookingToken(store.db, newRequest("Cat"), NOW);
    expect(checkBookingToken(store.db, "x".repeat(43), NOW)).toEqual({ state: "unknown" });
    expect(checkBookingToken(store.db, "../etc", NOW)).toEqual({ state: "unknown" });
  });
});
