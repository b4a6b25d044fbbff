/**
 * Issue 33 §3 through the real server and a real SMTP server. Control characters posted in the
 * public forms, the customer's answer to a quote and the owner's forms (NUL, escape, DEL, the C1
 * controls, a tab, a bare return) never reach a stored row or the requests CSV: the invisible
 * ones are dropped, a tab is a space, a line break stays a line break only in a field of many
 * lines (a message, a note) and is a space in a name. A visitor's name that holds an RFC 2047
 * encoded word reads in the owner's e-mail exactly as it was typed, with no line break and no
 * Bcc, when the Subject is decoded as a mail reader decodes it.
 */
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQuote, quotePath, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { addDays, ukToday } from "../../app/lib/time/uk-time.ts";
import { openStore, serverWithOwnerAndMail } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import { CONTACT, postForm, QUOTE, type RunningServer } from "../support/server.ts";
import { decodeHeader, headersOf, subjectOf, waitFor } from "../support/smtp.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;

beforeAll(async () => ({ smtp, server, cookie, stop } = await serverWithOwnerAndMail()));
afterAll(() => stop());

/** Every control character but the line feed: C0, DEL and C1. */
const CONTROL = /(?!\n)\p{Cc}/u;
/** What a forged post or a pasted text can carry that no one means: NUL, bell, escape, DEL, NEL, CSI. */
const JUNK = "\u0000\u0007\u001b\u007f\u0085\u009b";

/** Each string stored in the database (and each string inside a JSON value) that holds a control character other than a line feed, with where it is. */
function controlsStored(): string[] {
  const db = new DatabaseSync(path.join(server.dataDir, "leads.sqlite"), { readOnly: true });
  const found: string[] = [];
  const look = (where: string, value: unknown) => {
    if (typeof value === "string") {
      if (CONTROL.test(value)) found.push(`${where}: ${JSON.stringify(value)}`);
      if (/^[[{]/.test(value)) {
        try {
          look(`${where} (JSON)`, JSON.parse(value));
        } catch {
          // Not JSON: the text itself was looked at.
        }
      }
    } else if (value && typeof value === "object") for (const [key, inner] of Object.entries(value)) look(`${where}.${key}`, inner);
  };
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables) for (const row of db.prepare(`SELECT * FROM "${name}"`).all()) look(name, row);
  } finally {
    db.close();
  }
  return found;
}

const post = (pathname: string, fields: Record<string, string> | [string, string][], headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, ...headers }, redirect: "manual" });
const asOwner = (pathname: string, fields: Record<string, string> | [string, string][]) => post(pathname, fields, { Cookie: cookie });
const page = async (pathname: string) => (await fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie } })).text();
const leadNamed = (name: string) => server.rows().find((row) => row.name === name);

describe("control characters", () => {
  it("are dropped from the quote and contact forms, line breaks kept only in the message", async () => {
    const quote = await postForm(server, "/?index", {
      name: `Ann${JUNK} Lee\u0000`,
      email: "ann\u0000@example.org",
      phone: QUOTE.phone,
      address: `12 Orchard\u0085 Way,\tStevenage${JUNK}`,
      message: `Two slipped\u0000 tiles.\r\nAbove the back\u001b[2J bedroom.\rSoon\u009b please.`,
    });
    expect(quote.status).toBe(303);
    expect(leadNamed("Ann Lee")).toMatchObject({ email: "ann@example.org", location: "12 Orchard Way, Stevenage", message: "Two slipped tiles.\nAbove the back[2J bedroom.\nSoon please." });

    const contact = await postForm(server, "/contact", { ...CONTACT, name: "Raj\r\nPatel\u0000", postcode: "SG1\u0000 2AB", message: `Please quote${JUNK} for\tnew guttering.\r\n\r\nThanks` });
    expect(contact.status).toBe(200);
    expect(leadNamed("Raj Patel")).toMatchObject({ location: "SG1 2AB", message: "Please quote for new guttering.\n\nThanks" });

    const script = await postForm(server, "/api/contact", { ...CONTACT, name: `Jo${JUNK}\u0085Script`, message: "Called\u0000 by the page's script." });
    expect(script.status).toBe(200);
    expect(leadNamed("JoScript")).toMatchObject({ message: "Called by the page's script." });
  });

  it("are dropped from the customer's answer to a quote and from the owner's forms", async () => {
    const store = openStore(server.dataDir);
    const { id: leadId } = store.add({ form: "quote", page: "/", name: "Priya Tilewell", email: "priya@example.org", phone: "07700 900555", location: "3 Mill Lane, Hitchin", message: "Flat roof." }, { notify: false });
    const draft = createQuote(store, leadId, { actor: "Test" })!;
    const sent = createQuote(store, leadId, { actor: "Test" })!;
    saveDraft(store, sent.id, { lines: [{ description: "EPDM membrane", quantity: 100, unitPence: 120000 }], vat: false, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
    const { token } = sendQuote(store, sent.id, { actor: "Test" }) as { token: string };
    store.close();

    // The customer accepts with their name.
    expect((await post(quotePath(token), { intent: "accept", name: `Priya${JUNK} Tilewell\u0000` })).status).toBe(303);

    // A note on the request.
    const note = formFields(await page(`/admin/requests/${leadId}`), "Add note");
    expect((await asOwner(`/admin/requests/${leadId}`, typeInto(note, { note: `Rang${JUNK} at 9.\r\nNo answer\u0085.` }))).status).toBe(303);

    // Book a visit, with notes.
    const visit = formFields(await page(`/admin/requests/${leadId}/visits/new`), "Book visit");
    const booked = await asOwner(`/admin/requests/${leadId}/visits/new`, typeInto(visit, { kind: "survey", date: addDays(ukToday(), 3), from: "09:00", to: "10:00", notes: `Side gate\u0007 code\u0000 1234.\r\nDog\u009b.` }));
    expect(booked.status).toBe(303);

    // A quote's draft: a line and the notes.
    const lines = formFields(await page(`/admin/quotes/${draft.id}`), "Save draft");
    const saved = await asOwner(`/admin/quotes/${draft.id}`, [
      ...typeInto(lines, { notes: `Access from\u0000 the back.\r\nParking\u001b on the drive.`, validUntil: addDays(ukToday(), 30) }).filter(([name]) => !["description", "quantity", "unitPrice", "intent"].includes(name)),
      ["intent", "save"],
      ["description", `Ridge${JUNK} tiles\tre-bedded`],
      ["quantity", "1"],
      ["unitPrice", "450"],
    ]);
    expect(saved.status).toBe(303);

    // A promise of the site's facts.
    const facts = formFields(await page("/admin/site/promises"), 'name="claims-pricing"');
    expect((await asOwner("/admin/site/promises", typeInto(facts, { "claims-pricing": `Fixed${JUNK} prices, no surprises\u0000.` }))).status).toBe(303);

    const stored = openStore(server.dataDir);
    try {
      const one = <T>(sql: string, ...params: (string | number)[]) => stored.db.prepare(sql).get(...params) as T;
      expect(one("SELECT answer_name AS name FROM quotes WHERE id = ?", sent.id)).toEqual({ name: "Priya Tilewell" });
      expect(one("SELECT body FROM lead_notes WHERE lead_id = ?", leadId)).toEqual({ body: "Rang at 9.\nNo answer." });
      expect(one("SELECT notes FROM visits WHERE lead_id = ?", leadId)).toEqual({ notes: "Side gate code 1234.\nDog." });
      expect(one("SELECT notes, lines FROM quotes WHERE id = ?", draft.id)).toMatchObject({ notes: "Access from the back.\nParking on the drive." });
      expect(JSON.parse(one<{ lines: string }>("SELECT lines FROM quotes WHERE id = ?", draft.id).lines)).toMatchObject([{ description: "Ridge tiles re-bedded" }]);
    } finally {
      stored.close();
    }
    expect(await page("/admin/site/promises")).toContain('value="Fixed prices, no surprises."');
  });

  it("are in no stored row and in no cell of the requests CSV", async () => {
    expect(controlsStored()).toEqual([]);
    const csv = await (await fetch(`${server.url}/admin/requests.csv`, { headers: { Cookie: cookie } })).text();
    expect(csv).toContain("Ann Lee");
    // Rows end with CRLF; a line feed inside a quoted message is the one line break kept.
    expect(csv.replaceAll("\r\n", "").match(new RegExp(CONTROL, "gu")) ?? []).toEqual([]);
  });
});

describe("a visitor's name in the owner's e-mail", () => {
  const encodedWord = "=?utf-8?q?=0D=0ABcc:_victim@evil.example?=";

  it.each([
    ["quote", "/?index", { ...QUOTE, email: "word-quote@example.org" }],
    ["contact", "/api/contact", { ...CONTACT, email: "word-contact@example.org" }],
  ])("reads in the %s request's Subject as it was typed, with no line break and no Bcc", async (kind, pathname, fields) => {
    const name = `X ${encodedWord}`;
    const response = await postForm(server, pathname, { ...fields, name });
    expect(response.status).toBeLessThan(400);
    const id = Number(server.rows().find((row) => row.email === fields.email)!.id);
    const mail = await waitFor(() => smtp.messages.find((one) => one.to.includes("office@example.com") && one.raw.includes(`/admin/requests/${id}`)));
    const headers = headersOf(mail.raw);
    expect(subjectOf(mail.raw)).toBe(`New ${kind} request K-${1000 + id} from ${name}`);
    expect(headers.has("bcc")).toBe(false);
    expect(decodeHeader(headers.get("reply-to")!)).not.toMatch(/[\r\n]|Bcc/);
    expect(decodeHeader(headers.get("reply-to")!)).toContain(fields.email);
  });
});
