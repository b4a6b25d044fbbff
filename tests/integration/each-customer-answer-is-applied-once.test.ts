/**
 * Issue 34 §2 on the real server with a real SMTP server, for the customer's own pages: her forms
 * carry the same once-only key as the owner's, and go through the same one way in, her private
 * link standing in for his sign-in. Ask to rearrange a visit (/c/) and her review (/review/, and
 * the same form reached from /c/) posted twice with one key (a double tap, a reload, a phone
 * sending again after a lost answer) make one change, one e-mail to the owner and one audit line
 * naming the action, and get the same answer both times; one key posted on two connections at
 * once is applied once. A link that no longer opens refuses the post with a key exactly as it did
 * before, in its own words, and keeps no key; so does a refusal at a field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSED_WORDS } from "~/components/ClosedLink.tsx";
import { referenceOf } from "~/lib/forms/reference.ts";
import { customerPagePath, customerPageToken, resetCustomerLink } from "~/lib/links/page-links.server.ts";
import { createQuote, quotePath, saveDraft, sendQuote } from "~/lib/quotes/quotes.server.ts";
import { requestReview, reviewPath } from "~/lib/reviews/reviews.server.ts";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { serverWithOwnerAndMail, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import type { RunningServer } from "../support/server.ts";
import { subjectOf, waitFor } from "../support/smtp.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let stop: () => Promise<void>;

const OWNER = "office@example.com";
const UNKNOWN = "A".repeat(43);
const DAY = 86_400_000;

beforeAll(async () => {
  ({ smtp, server, stop } = await serverWithOwnerAndMail(OWNER));
}, 90_000);
afterAll(() => stop());

/** A customer's post: her browser, no sign-in. */
const post = (path: string, fields: [string, string][]) => fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url }, redirect: "manual" });
const page = async (path: string) => (await fetch(`${server.url}${path}`)).text();
const answerOf = async (response: Response) => [response.status, response.headers.get("location")];
const keyOf = (fields: [string, string][]) => fields.find(([name]) => name === "once")?.[1];

const count = (sql: string, ...values: (string | number)[]) => withStore(server.dataDir, (store) => (store.db.prepare(sql).get(...values) as { n: number }).n);
const keysKept = () => count("SELECT COUNT(*) AS n FROM applied_actions");
/** The audit lines of the request that the action `name` wrote, in its words. */
const linesNamed = (leadId: number, name: string) =>
  withStore(server.dataDir, (store) => store.db.prepare("SELECT action FROM audit WHERE lead_id = ? AND action_name = ? ORDER BY id").all(leadId, name).map((row) => (row as { action: string }).action));
/** The owner's e-mails about the request whose subject holds `words`, once the queue has nothing left due. */
async function ownerMails(leadId: number, words: string) {
  const about = () => smtp.messages.filter((mail) => mail.to.includes(OWNER) && subjectOf(mail.raw).startsWith(`${referenceOf(leadId)}:`) && subjectOf(mail.raw).includes(words));
  await waitFor(() => about().length >= 1, 20_000);
  await waitFor(() => count("SELECT COUNT(*) AS n FROM jobs WHERE done_at IS NULL AND run_at <= ?", new Date().toISOString()) === 0, 20_000);
  return about().map((mail) => subjectOf(mail.raw));
}

/** A request with a visit booked five days on; its id, its page's address and the visit's id. */
function customerWithVisit(email: string) {
  return withStore(server.dataDir, (store) => {
    const leadId = store.add({ form: "quote", page: "/", name: "Jane Smith", email, phone: "07700 900000", location: "1 High St, Hitchin", message: "Slipped tiles." }, { notify: false }).id;
    const start = new Date(Date.now() + 5 * DAY);
    const visitId = Number(
      store.db
        .prepare("INSERT INTO visits (lead_id, kind, start_at, end_at, uid, told, created_at, changed_at) VALUES (?, 'survey', ?, ?, ?, 'e-mail', ?, ?)")
        .run(leadId, start.toISOString(), new Date(start.getTime() + 2 * 3_600_000).toISOString(), `visit-${leadId}`, new Date().toISOString(), new Date().toISOString()).lastInsertRowid,
    );
    return { leadId, visitId, path: customerPagePath(customerPageToken(store, leadId)!) };
  });
}

/** A finished job asked for a review; its id, its review link and its customer's page. */
function customerAskedForReview(email: string) {
  return withStore(server.dataDir, (store) => {
    const leadId = store.add({ form: "quote", page: "/", name: "Jane Smith", email, phone: "07700 900000", location: "1 High St, Hitchin", message: "Slipped tiles." }, { notify: false }).id;
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(leadId);
    const asked = requestReview(store, leadId, { actor: "Test" })!;
    return { leadId, reviewId: asked.review.id, link: reviewPath(asked.token), pagePath: customerPagePath(customerPageToken(store, leadId)!) };
  });
}

const rearrangeForm = async (path: string, words: string) => typeInto(formFields(await page(path), 'value="rearrange"'), { words });
const reviewForm = async (path: string) => typeInto(formFields(await page(path), 'name="stars"'), { stars: "5", text: "Tidy work, on time, and the roof is dry again.", name: "Jane S.", consent: "on" });

/** The form posted twice with its one key: both answers the same redirect. */
async function postTwice(path: string, fields: [string, string][]) {
  expect(keyOf(fields), "the form carries its key").toMatch(/^[\w-]{22}$/);
  const first = await answerOf(await post(path, fields));
  const second = await answerOf(await post(path, fields));
  expect(first[0]).toBe(303);
  expect(second).toEqual(first);
  return first;
}

/** The form posted on two connections at once: the first sends all but its last byte and waits while the second is answered. */
async function postAtOnce(path: string, fields: [string, string][]) {
  const body = new URLSearchParams(fields).toString();
  let finish = () => {};
  const lastByte = new Promise<void>((resolve) => (finish = resolve));
  const slow = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(body.slice(0, -1)));
      await lastByte;
      controller.enqueue(new TextEncoder().encode(body.slice(-1)));
      controller.close();
    },
  });
  const headers = { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) };
  const first = fetch(`${server.url}${path}`, { method: "POST", body: slow, headers, redirect: "manual", duplex: "half" } as RequestInit);
  const second = await answerOf(await fetch(`${server.url}${path}`, { method: "POST", body, headers, redirect: "manual" }));
  finish();
  expect(await answerOf(await first)).toEqual(second);
  return second;
}

describe("a customer's answer posted twice with its key", () => {
  it("visit.ask-rearrange: asked once, one e-mail to the owner, one audit line, the same answer both times", async () => {
    const { leadId, visitId, path } = customerWithVisit("rearrange@example.org");
    const fields = await rearrangeForm(path, "Could you come the week after?");
    expect(await postTwice(path, fields)).toEqual([303, `${path}?asked=${visitId}#visit-${visitId}`]);
    expect(count("SELECT COUNT(*) AS n FROM rearrange_requests WHERE lead_id = ?", leadId)).toBe(1);
    expect(await ownerMails(leadId, "asks to rearrange a visit")).toEqual([`${referenceOf(leadId)}: Jane Smith asks to rearrange a visit`]);
    expect(linesNamed(leadId, "visit.ask-rearrange")).toEqual(["asked to rearrange the visit"]);
    expect(count("SELECT COUNT(*) AS n FROM applied_actions WHERE name = 'visit.ask-rearrange' AND path = ?", path)).toBe(1);
    // A second form of hers (its own key) is a second message, as before.
    expect(await answerOf(await post(path, await rearrangeForm(path, "Or any Friday.")))).toEqual([303, `${path}?asked=${visitId}#visit-${visitId}`]);
    expect(count("SELECT COUNT(*) AS n FROM rearrange_requests WHERE lead_id = ?", leadId)).toBe(2);
  });

  it("review.submit on the review's own link: taken once, one e-mail to the owner, one audit line, the same answer both times", async () => {
    const { leadId, reviewId, link } = customerAskedForReview("review@example.org");
    const fields = await reviewForm(link);
    expect(await postTwice(link, fields)).toEqual([303, link]);
    expect(count("SELECT COUNT(*) AS n FROM reviews WHERE id = ? AND status = 'submitted' AND stars = 5", reviewId)).toBe(1);
    expect(await ownerMails(leadId, "left a 5-star review")).toEqual([`${referenceOf(leadId)}: Jane Smith left a 5-star review`]);
    expect(linesNamed(leadId, "review.submit")).toEqual(["left a 5-star review"]);
    expect(count("SELECT COUNT(*) AS n FROM applied_actions WHERE name = 'review.submit' AND path = ?", link)).toBe(1);
    expect(await page(link)).toContain("Thank you");
  });

  it("review.submit from the customer's page: the same one answer, once", async () => {
    const { leadId, reviewId, pagePath } = customerAskedForReview("page-review@example.org");
    const path = `${pagePath}/review`;
    expect(await postTwice(path, await reviewForm(path))).toEqual([303, path]);
    expect(count("SELECT COUNT(*) AS n FROM reviews WHERE id = ? AND status = 'submitted'", reviewId)).toBe(1);
    expect(await ownerMails(leadId, "left a 5-star review")).toHaveLength(1);
    expect(linesNamed(leadId, "review.submit")).toEqual(["left a 5-star review"]);
  });
});

describe("the customer's answer about photos on the website", () => {
  it("photos.consent: kept once for one key, one audit line, and changed by a new answer", async () => {
    const { leadId, pagePath } = customerAskedForReview("photos-yes@example.org");
    /** The key of the page's form that answers `answer`, each form read on its own. */
    const key = async (answer: string) => (await page(pagePath)).split("<form").find((form) => form.includes(`name="answer" value="${answer}"`))!.match(/name="once" value="([\w-]{22})"/)![1]!;
    const yes: [string, string][] = [["once", await key("yes")], ["intent", "photo-consent"], ["answer", "yes"]];
    expect(await postTwice(pagePath, yes)).toEqual([303, `${pagePath}#photo-consent`]);
    expect(count("SELECT COUNT(*) AS n FROM photo_consents WHERE lead_id = ? AND answer = 'yes'", leadId)).toBe(1);
    expect(linesNamed(leadId, "photos.consent")).toEqual(["agreed to photos of the roof being shown on the website"]);
    const no: [string, string][] = [["once", await key("no")], ["intent", "photo-consent"], ["answer", "no"]];
    expect(await postTwice(pagePath, no)).toEqual([303, `${pagePath}#photo-consent`]);
    expect(count("SELECT COUNT(*) AS n FROM photo_consents WHERE lead_id = ? AND answer = 'no'", leadId)).toBe(1);
    expect(linesNamed(leadId, "photos.consent")).toHaveLength(2);
  });
});

describe("one customer's key on two connections at once", () => {
  it("asks to rearrange once: the second is answered while the first still sends, and the first then gets the same answer", async () => {
    const { leadId, visitId, path } = customerWithVisit("at-once@example.org");
    expect(await postAtOnce(path, await rearrangeForm(path, "Mornings suit me better."))).toEqual([303, `${path}?asked=${visitId}#visit-${visitId}`]);
    expect(count("SELECT COUNT(*) AS n FROM rearrange_requests WHERE lead_id = ?", leadId)).toBe(1);
    expect(linesNamed(leadId, "visit.ask-rearrange")).toHaveLength(1);
  });

  it("takes the review once", async () => {
    const { leadId, reviewId, link } = customerAskedForReview("review-at-once@example.org");
    expect(await postAtOnce(link, await reviewForm(link))).toEqual([303, link]);
    expect(count("SELECT COUNT(*) AS n FROM reviews WHERE id = ? AND status = 'submitted'", reviewId)).toBe(1);
    expect(linesNamed(leadId, "review.submit")).toHaveLength(1);
  });
});

describe("a link that no longer opens, posted to with a key", () => {
  it("the customer's page: unknown says so (404), replaced says so (410), whatever button; nothing asked, no key kept", async () => {
    const { leadId, path } = customerWithVisit("closed-page@example.org");
    const fields = await rearrangeForm(path, "Could you come the week after?");
    const kept = keysKept();

    const unknown = await post(customerPagePath(UNKNOWN), fields);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(CLOSED_WORDS.page.unknown[0]);
    const unknownButton = await post(customerPagePath(UNKNOWN), typeInto(fields, { intent: "nonsense" }));
    expect(unknownButton.status, "the link is checked before the button").toBe(404);
    expect(await unknownButton.text()).toContain(CLOSED_WORDS.page.unknown[0]);

    withStore(server.dataDir, (store) => resetCustomerLink(store, leadId, "Test"));
    for (const sent of [fields, typeInto(fields, { intent: "accept", quote: "1" }), typeInto(fields, { intent: "nonsense" })]) {
      const replaced = await post(path, sent);
      expect(replaced.status).toBe(410);
      expect(await replaced.text()).toContain(CLOSED_WORDS.page.replaced[0]);
    }
    expect(count("SELECT COUNT(*) AS n FROM rearrange_requests WHERE lead_id = ?", leadId)).toBe(0);
    expect(keysKept()).toBe(kept);
    // The page's new link takes the very same form, key and all.
    const now = withStore(server.dataDir, (store) => customerPagePath(customerPageToken(store, leadId)!));
    expect((await post(now, fields)).status).toBe(303);
    expect(count("SELECT COUNT(*) AS n FROM rearrange_requests WHERE lead_id = ?", leadId)).toBe(1);
  });

  it("the customer's page: a refusal under the visit keeps no key, so the same form put right is taken", async () => {
    const { leadId, visitId, path } = customerWithVisit("refused-page@example.org");
    const fields = await rearrangeForm(path, "   ");
    const kept = keysKept();
    const refused = await post(path, fields);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Say what would suit you better, such as another day or time.");
    const noSuchQuote = await post(path, typeInto(fields, { intent: "accept", quote: "999999", name: "Jane Smith" }));
    expect(noSuchQuote.status, "a quote the page does not show").toBe(400);
    expect(keysKept()).toBe(kept);
    expect(await answerOf(await post(path, typeInto(fields, { words: "Any Friday." })))).toEqual([303, `${path}?asked=${visitId}#visit-${visitId}`]);
    expect(count("SELECT COUNT(*) AS n FROM rearrange_requests WHERE lead_id = ?", leadId)).toBe(1);
  });

  it("the review's link: unknown or expired goes back to its page, which says why; a refusal at a field keeps no key", async () => {
    const { reviewId, link } = customerAskedForReview("closed-review@example.org");
    const fields = await reviewForm(link);
    const kept = keysKept();

    expect(await answerOf(await post(reviewPath(UNKNOWN), fields))).toEqual([303, reviewPath(UNKNOWN)]);
    const missing = await post(link, typeInto(fields, { stars: "" }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Choose from 1 to 5 stars.");

    withStore(server.dataDir, (store) => store.db.prepare("UPDATE reviews SET expires_at = ? WHERE id = ?").run(new Date(Date.now() - 1000).toISOString(), reviewId));
    expect(await answerOf(await post(link, fields))).toEqual([303, link]);
    const shown = await fetch(`${server.url}${link}`);
    expect(shown.status).toBe(410);
    expect(await shown.text()).toContain("This review link has expired");
    expect(count("SELECT COUNT(*) AS n FROM reviews WHERE id = ? AND status = 'requested'", reviewId)).toBe(1);
    expect(keysKept()).toBe(kept);
  });

  it("the review from the customer's page: a page link that no longer opens goes back to the page", async () => {
    const { leadId, reviewId, pagePath } = customerAskedForReview("closed-page-review@example.org");
    const fields = await reviewForm(`${pagePath}/review`);
    const kept = keysKept();
    expect(await answerOf(await post(`${customerPagePath(UNKNOWN)}/review`, fields))).toEqual([303, customerPagePath(UNKNOWN)]);
    withStore(server.dataDir, (store) => resetCustomerLink(store, leadId, "Test"));
    expect(await answerOf(await post(`${pagePath}/review`, fields))).toEqual([303, pagePath]);
    expect(count("SELECT COUNT(*) AS n FROM reviews WHERE id = ? AND status = 'requested'", reviewId)).toBe(1);
    expect(keysKept()).toBe(kept);
  });

  it("the quote's own link: expired says so in its words (410), and takes no answer or key", async () => {
    const { leadId } = customerWithVisit("closed-quote@example.org");
    const { quoteId, link } = withStore(server.dataDir, (store) => {
      const quote = createQuote(store, leadId, { actor: "Test" })!;
      saveDraft(store, quote.id, { lines: [{ description: "New ridge", quantity: 100, unitPence: 90000 }], vat: true, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
      const sent = sendQuote(store, quote.id, { actor: "Test" });
      if (!("token" in sent)) throw new Error(sent.refused);
      return { quoteId: quote.id, link: quotePath(sent.token) };
    });
    const fields = typeInto(formFields(await page(link), 'value="accept"'), { name: "Jane Smith" });
    const kept = keysKept();
    withStore(server.dataDir, (store) => store.db.prepare("UPDATE quotes SET expires_at = ? WHERE id = ?").run(new Date(Date.now() - 1000).toISOString(), quoteId));
    for (const sent of [fields, typeInto(fields, { intent: "nonsense" })]) {
      const expired = await post(link, sent);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain(CLOSED_WORDS.quote.expired[0]);
    }
    const unknown = await post(quotePath(UNKNOWN), fields);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(CLOSED_WORDS.quote.unknown[0]);
    expect(count("SELECT COUNT(*) AS n FROM quotes WHERE id = ? AND status = 'viewed' AND answered_at IS NULL", quoteId)).toBe(1);
    expect(keysKept()).toBe(kept);
  });
});
