/**
 * Issue 25 §6: every owner form is read through its schema, and what is wrong is said at its
 * field with nothing saved: a request's status and note, a quote's lines and date, a review
 * published without its town (nothing goes live), a button the page does not have.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notesOf } from "../../app/lib/requests/inbox.server.ts";
import { createQuote, quoteById } from "../../app/lib/quotes/quotes.server.ts";
import { requestReview, reviewById, submitReview } from "../../app/lib/reviews/reviews.server.ts";
import { openStore, serverWithOwner, withStore } from "../support/owner.ts";
import { postForm, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;
let leadId: number;

beforeAll(async () => {
  ({ server, cookie } = await serverWithOwner());
  const store = openStore(server.dataDir);
  try {
    leadId = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name: "Fran Fields", email: "fran@example.org", phone: "01462 000111", location: "Hitchin", message: "Slipped tiles." }, { notify: false }).id;
  } finally {
    store.close();
  }
});
afterAll(() => server.stop());


const post = (path: string, fields: Record<string, string>) => postForm(server, path, fields, { Cookie: cookie });
// React marks where text and values meet with empty comments: read the text as a person would.
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const errorAt = (id: string, message: string) => `<p id="${id}-error" class="field-error">${message}</p>`;

describe("a request's page", () => {
  it.each([
    [{ intent: "status", status: "done-ish" }, "lead-status", "Choose one of the statuses."],
    [{ intent: "note", note: "   " }, "lead-note", "Write a note first."],
    [{ intent: "note" }, "lead-note", "Write a note first."],
    [{ intent: "note", note: "n".repeat(2001) }, "lead-note", "A note can be at most 2000 characters."],
  ])("refuses %o at its field and changes nothing", async (fields, id, message) => {
    const response = await post(`/admin/requests/${leadId}`, fields);
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain(errorAt(id, message));
    expect(withStore(server.dataDir, (store) => ({ status: store.db.prepare("SELECT status FROM leads WHERE id = ?").get(leadId), notes: notesOf(store, leadId) }))).toEqual({ status: { status: "new" }, notes: [] });
  });

  it("takes a note, trimmed, and a status", async () => {
    expect((await post(`/admin/requests/${leadId}`, { intent: "note", note: "  Called back, no answer.  " })).headers.get("location")).toBe(`/admin/requests/${leadId}?saved=note`);
    expect((await post(`/admin/requests/${leadId}`, { intent: "status", status: "contacted" })).headers.get("location")).toBe(`/admin/requests/${leadId}?saved=status`);
    expect(withStore(server.dataDir, (store) => notesOf(store, leadId).map((note) => note.body))).toEqual(["Called back, no answer."]);
  });

  it("answers a button it does not have with 400, and a request that is not a number with 404", async () => {
    expect((await post(`/admin/requests/${leadId}`, { intent: "shout" })).status).toBe(400);
    expect((await post("/admin/requests/1e3", { intent: "note", note: "Hello" })).status).toBe(404);
  });
});

describe("a quote's draft", () => {
  it("says at each line and at the date what is wrong, keeps what was typed, and saves nothing", async () => {
    const quoteId = withStore(server.dataDir, (store) => createQuote(store, leadId, { actor: "Test" })!.id);
    const form = new URLSearchParams([
      ["intent", "save"],
      ["description", ""],
      ["quantity", "2"],
      ["unitPrice", "45"],
      ["description", "Ridge tiles"],
      ["quantity", "none"],
      ["unitPrice", "12.50"],
      ["validUntil", "2000-01-01"],
      ["notes", "Kept as typed"],
    ]);
    const response = await fetch(`${server.url}/admin/quotes/${quoteId}`, { method: "POST", body: form, headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(400);
    const html = await textOf(response);
    expect(html).toContain("Some fields need a change: see the messages below.");
    expect(html).toContain(errorAt("line-0-description", "Say what this line is for."));
    expect(html).toContain(errorAt("line-1-quantity", "A number above 0, such as 3 or 2.5."));
    expect(html).not.toContain('id="line-1-description-error"');
    expect(html).toContain(errorAt("quote-validUntil", "The date has passed: choose today or later."));
    expect(html).toContain("Kept as typed");
    expect(withStore(server.dataDir, (store) => quoteById(store, quoteId)!.lines)).toEqual([]);
  });
});

describe("a review", () => {
  it("published without its town is refused with the town asked for; a button the page does not have changes nothing", async () => {
    const reviewId = withStore(server.dataDir, (store) => {
      store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(leadId);
      const made = requestReview(store, leadId, { actor: "Test" })!;
      submitReview(store, made.review.id, { stars: 5, text: "Quick, tidy and as quoted: the roof is dry.", displayName: "Fran F.", consent: true });
      return made.review.id;
    });
    for (const town of ["atlantis", ""]) {
      const noTown = await post("/admin/reviews", { intent: "publish", id: String(reviewId), town });
      expect(noTown.status).toBe(400);
      const html = await textOf(noTown);
      expect(html, "said at the town field").toContain(errorAt(`review-${reviewId}-town`, "Choose the town the job was in."));
      expect(html).toContain("Nothing was published: choose the town first.");
      if (town === "") expect(html, "the town as he left it, not the one guessed from the request").toContain('<option value="" selected="">Choose the town</option>');
    }
    expect((await (await fetch(`${server.url}/gallery`)).text()).includes("Quick, tidy and as quoted"), "nothing published").toBe(false);
    const unknown = await post("/admin/reviews", { intent: "shout", id: String(reviewId) });
    expect(unknown.status).toBe(400);
    expect(await textOf(unknown)).toContain("That did not work. Reload the page and try again.");
    expect((await post("/admin/reviews", { intent: "private", id: "0x1" })).status).toBe(404);
    expect(withStore(server.dataDir, (store) => reviewById(store, reviewId)!.status)).toBe("submitted");
  });
});
