/**
 * Issue 27 §6–7 on the real server with a real SMTP server: the customer's own page (/c/{token})
 * comes with the acknowledgement and shows only the reference, the date and the phone until the
 * owner answers; then the request and each quote, answered from the page exactly as from the
 * quote's own link (which keeps working); its headers; its posts taken under no-referrer and
 * refused from another site; a forged link 404, a replaced one 410 with the phone alone, an
 * erased one 404; and Reset customer link asks first and puts the new link in every later e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCustomerLink, customerPagePath, customerPageToken } from "../../app/lib/links/page-links.server.ts";
import { createQuote, quoteById, quotePath, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { requestReview } from "../../app/lib/reviews/reviews.server.ts";
import { fileContent } from "../../app/content/index.ts";
import { bookVisits, cancelVisit, moveVisit } from "../../app/lib/visits/book.server.ts";
import { addDays, ukInstant, ukToday } from "../../app/lib/time/uk-time.ts";
import { sendQuoteAndSayYes, withStore, serverWithOwnerAndMail } from "../support/owner.ts";
import { postForm, QUOTE, type RunningServer } from "../support/server.ts";
import { headersOf, letterParts, waitFor } from "../support/smtp.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;

beforeAll(async () => ({ smtp, server, cookie, stop } = await serverWithOwnerAndMail("owner@example.org")));
afterAll(() => stop());

const CUSTOMER = { name: "Priya Tilewell", email: "priya@example.org", phone: "07700 900555", location: "3 Mill Lane, Hitchin", message: "Flat roof over the garage leaks." };
/** What a browser sends with a form from a page under `Referrer-Policy: no-referrer`. */
const NO_REFERRER_PAGE = { Origin: "null", "Sec-Fetch-Site": "same-origin" };

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers, redirect: "manual" });
const post = (pathname: string, fields: Record<string, string>, headers: Record<string, string>) =>
  fetch(`${server.url}${pathname}`, { method: "POST", body: new URLSearchParams(fields), headers, redirect: "manual" });
const ownerPost = (pathname: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return fetch(`${server.url}${pathname}`, { method: "POST", body, headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
};
/** A page's words as a reader sees them: React's text markers gone. */
const words = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const ownerGet = (pathname: string) => fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
/** The customer's page the e-mail links to: its path. */
const pageLinkIn = (raw: string) => new URL(/https?:\/\/\S+?\/c\/[\w-]{43}/.exec(raw.replace(/=\r?\n/g, ""))![0]).pathname;

function newLead(status = "new"): number {
  return withStore(server.dataDir, (store) => {
    const id = store.add({ form: "quote", page: "/", ...CUSTOMER }, { notify: false }).id;
    store.db.prepare("UPDATE leads SET status = ? WHERE id = ?").run(status, id);
    return id;
  });
}
const pageOf = (leadId: number) => withStore(server.dataDir, (store) => customerPagePath(customerPageToken(store, leadId)!));

/** A quote sent to the request, as Send leaves it: its id and its own link's path. */
function sentQuote(leadId: number): { quoteId: number; link: string } {
  return withStore(server.dataDir, (store) => {
    const quote = createQuote(store, leadId, { actor: "Test" })!;
    saveDraft(store, quote.id, { lines: [{ description: "EPDM membrane fitted", quantity: 1850, unitPence: 4250 }], vat: false, validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), notes: "", guarantees: [], followUps: false });
    const sent = sendQuote(store, quote.id, { actor: "Test" });
    if ("refused" in sent) throw new Error(sent.refused);
    return { quoteId: quote.id, link: quotePath(sent.token) };
  });
}
const quoteStatus = (id: number) => withStore(server.dataDir, (store) => quoteById(store, id)!.status);
const leadStatus = (id: number) => server.rows().find((row) => row.id === id)!.status;

describe("the customer's own page", () => {
  it("comes with the acknowledgement, and until the owner answers shows only the reference, the date and the phone, never cached, indexed or referred", async () => {
    const sent = await postForm(server, "/?index", { ...QUOTE, message: "Words of someone else entirely." });
    const reference = /sent=(K-\d+)/.exec(sent.headers.get("location")!)![1]!;
    const ack = await waitFor(() => mailsTo(QUOTE.email).find((m) => m.raw.includes(reference)));
    const page = await get(pageLinkIn(ack.raw));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await words(page);
    expect(html).toContain(`Your request <span class="whitespace-nowrap">${reference}</span>`);
    expect(html).toContain("07700 900123");
    for (const typed of [QUOTE.name, QUOTE.address, "Words of someone else", QUOTE.email, QUOTE.phone]) expect(html).not.toContain(typed);
  });

  it("once quoted shows the request and the quote with its PDF, and takes Accept from the page as the quote's own link does", async () => {
    const leadId = newLead();
    const { quoteId, link } = sentQuote(leadId);
    const path = pageOf(leadId);
    expect((await get(path, { Cookie: cookie })).status).toBe(200);
    expect(quoteStatus(quoteId), "the owner's own look is not the customer's").toBe("sent");
    const html = await words(await get(path));
    for (const shown of [CUSTOMER.location, CUSTOMER.message, "EPDM membrane fitted", "£786.25", "Download PDF", "Accept quote", "Decline quote"]) expect(html).toContain(shown);
    expect(quoteStatus(quoteId), "seen on the page is seen").toBe("viewed");
    const pdf = await get(`${path}/quotes/${quoteId}/pdf`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect((await get(`${path}/quotes/${quoteId + 1000}/pdf`)).status).toBe(404);

    const noName = await post(path, { intent: "accept", quote: String(quoteId), name: " " }, NO_REFERRER_PAGE);
    expect(noName.status).toBe(400);
    expect(await words(noName)).toContain("Type your full name to accept the quote.");
    expect((await post(path, { intent: "accept", quote: "999999", name: CUSTOMER.name }, NO_REFERRER_PAGE)).status, "a quote not of this request").toBe(400);
    const accepted = await post(path, { intent: "accept", quote: String(quoteId), name: CUSTOMER.name }, NO_REFERRER_PAGE);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe(`${path}#quote-${quoteId}-heading`);
    expect(withStore(server.dataDir, (store) => quoteById(store, quoteId))).toMatchObject({ status: "accepted", answerName: CUSTOMER.name, answerAddress: "127.0.0.1" });
    expect(leadStatus(leadId)).toBe("won");
    const copy = await waitFor(() => mailsTo(CUSTOMER.email).find((m) => /^Your accepted quote/.test(headersOf(m.raw).get("subject") ?? "")));
    expect(pageLinkIn(copy.raw), "the copy links to the page").toBe(path);
    await waitFor(() => mailsTo("owner@example.org").find((m) => /ACCEPTED quote/.test(headersOf(m.raw).get("subject") ?? "")));
    const after = await words(await get(path));
    expect(after).toContain(`You accepted this quote as ${CUSTOMER.name}`);
    expect(after).not.toContain("Accept quote");
    // The quote's own link, sent before, keeps working and says the same.
    expect(await words(await get(link))).toContain(`You accepted this quote as ${CUSTOMER.name}`);
  });

  it("takes Decline from the page with the site's Origin too, and refuses a post from another site as /q/ does", async () => {
    const leadId = newLead();
    const { quoteId } = sentQuote(leadId);
    const path = pageOf(leadId);
    const elsewhere: Record<string, string>[] = [{ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }, { Origin: "null", "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }];
    for (const headers of elsewhere) {
      const refused = await post(path, { intent: "decline", quote: String(quoteId) }, headers);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("referrer-policy")).toBe("no-referrer");
      expect(await refused.text()).toContain("Nothing was changed.");
    }
    expect(quoteStatus(quoteId)).toBe("sent");
    const declined = await post(path, { intent: "decline", quote: String(quoteId), reason: "Too dear" }, { Origin: server.url, "Sec-Fetch-Site": "same-origin" });
    expect(declined.status).toBe(303);
    expect(quoteStatus(quoteId)).toBe("declined");
    expect(leadStatus(leadId)).toBe("lost");
  });

  it("offers an open review request, and takes the review there once", async () => {
    const leadId = newLead("won");
    withStore(server.dataDir, (store) => requestReview(store, leadId, { actor: "Test" }));
    const path = pageOf(leadId);
    expect(await words(await get(path))).toContain(`href="${path}/review"`);
    expect(await words(await get(`${path}/review`))).toContain("How did we do?");
    const review = { stars: "5", text: "Found the leak first time and left the garden tidy.", name: "Priya T.", consent: "on" };
    expect((await post(`${path}/review`, review, NO_REFERRER_PAGE)).status).toBe(303);
    expect(await words(await get(`${path}/review`))).toContain("Thank you for your review");
    expect(await words(await get(path))).toContain("Thank you for your review.");
  });

  it("shows a visit booked on the request, its kind and its day and time in words, and a cancelled one marked so", async () => {
    const leadId = newLead();
    const path = pageOf(leadId);
    expect(await words(await get(path)), "nothing answered yet: no visits shown").not.toContain("Visits");
    const day = addDays(ukToday(), 3);
    const [survey, other] = withStore(server.dataDir, (store) => {
      const change = { actor: "Test", hours: fileContent.business.openingHours, mail: false };
      const booked = bookVisits(store, leadId, { kind: "survey", days: [{ start: ukInstant(day, 9 * 60), end: ukInstant(day, 11 * 60) }], notes: "Owner's own words" }, change)![0]!;
      const cancelled = bookVisits(store, leadId, { kind: "job-day", days: [{ start: ukInstant(day, 13 * 60), end: ukInstant(day, 15 * 60) }], notes: "" }, change)![0]!;
      cancelVisit(store, cancelled.id, change);
      return [booked, cancelled];
    });
    const html = await words(await get(path));
    const when = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`)).replace(",", "");
    expect(html).toContain(`<strong>Roof survey</strong>: ${when}, 9:00–11:00`);
    expect(html).toMatch(/<strong>Roofing work<\/strong>: [^<]*13:00–15:00 \(cancelled\)/);
    expect(html, "the owner's notes stay his").not.toContain("Owner's own words");

    // Add to calendar: the booked visit's file, with its invitation's UID; none for the cancelled one, nor through another request's page.
    expect(html).toContain(`href="${path}/visits/${survey!.id}/calendar"`);
    expect(html).not.toContain(`href="${path}/visits/${other!.id}/calendar"`);
    const file = await get(`${path}/visits/${survey!.id}/calendar`);
    expect([file.status, file.headers.get("content-type"), file.headers.get("cache-control"), file.headers.get("set-cookie")]).toEqual([200, "text/calendar; charset=utf-8", "no-store", null]);
    const ics = await file.text();
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain(`UID:${survey!.uid}`);
    expect(ics).not.toContain("Owner's own words");
    expect((await get(`${path}/visits/${other!.id}/calendar`)).status, "cancelled").toBe(404);
    expect((await get(`${pageOf(newLead())}/visits/${survey!.id}/calendar`)).status, "another request's page").toBe(404);
  });
});

describe("Ask to rearrange", () => {
  it("under a booked visit, without a script: the owner's e-mail and the history have the words, the visit a mark until it moves; five a day", async () => {
    const leadId = newLead();
    const path = pageOf(leadId);
    const day = addDays(ukToday(), 4);
    const change = { actor: "Test", hours: fileContent.business.openingHours, mail: false };
    const visit = withStore(server.dataDir, (store) => bookVisits(store, leadId, { kind: "survey", days: [{ start: ukInstant(day, 9 * 60), end: ukInstant(day, 11 * 60) }], notes: "" }, change)![0]!);
    expect(await words(await get(path))).toContain("Ask to rearrange");
    const ask = (typed: string, headers = NO_REFERRER_PAGE) => post(path, { intent: "rearrange", visit: String(visit.id), words: typed }, headers);

    const empty = await ask("   ");
    expect(empty.status).toBe(400);
    expect(await words(empty), "a message at the field, the form open").toMatch(/<details open=""[\s\S]*Say what would suit you better, such as another day or time\./);
    expect((await ask("Friday?", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).status, "from another site").toBe(403);

    const WORDS = "Could you come on Friday morning instead? The scaffold goes up on Thursday.";
    const asked = await ask(WORDS);
    expect(asked.status).toBe(303);
    expect(await words(await get(asked.headers.get("location")!))).toContain("Thank you: we have your message, and will be in touch to find another time.");
    const mail = await waitFor(() => mailsTo("owner@example.org").find((m) => /asks to rearrange a visit/.test(headersOf(m.raw).get("subject") ?? "")));
    expect(letterParts(mail.raw).text).toContain(WORDS);
    const request = await words(await ownerGet(`/admin/requests/${leadId}`));
    expect(request).toContain(`Asked to rearrange:</span> “${WORDS.replace("'", "&#x27;")}”`);
    expect(request).toContain("asked to rearrange the visit");
    expect(await words(await ownerGet("/admin/diary")), "the diary marks it too").toContain("Asked to rearrange:");

    withStore(server.dataDir, (store) => moveVisit(store, visit.id, { times: { start: ukInstant(addDays(day, 1), 9 * 60), end: ukInstant(addDays(day, 1), 11 * 60) }, reason: "other", words: "" }, change));
    expect(await words(await ownerGet(`/admin/requests/${leadId}`)), "moved: the mark goes").not.toContain("Asked to rearrange:");

    for (let i = 0; i < 4; i++) expect((await ask(`Another thought ${i}`)).status).toBe(303);
    const sixth = await ask("One more");
    expect(sixth.status, "at most five a day").toBe(400);
    expect(await words(sixth)).toContain("We have your messages for today.");
  });
});

describe("the page's link", () => {
  it("forged, answers 404 and reveals nothing", async () => {
    const leadId = newLead("contacted");
    const real = pageOf(leadId).split("/").pop()!;
    const forgedMac = `${real.slice(0, 30)}${real[30] === "A" ? "B" : "A"}${real.slice(31)}`;
    const bodies: string[] = [];
    for (const token of [forgedMac, "A".repeat(43), "short", encodeURIComponent("<script>")]) {
      const response = await get(`/c/${token}`);
      expect(response.status, token).toBe(404);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      bodies.push(await response.text());
      expect((await post(`/c/${token}`, { intent: "accept", quote: "1", name: "X Y" }, NO_REFERRER_PAGE)).status).toBe(404);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain("This link does not work");
    expect(bodies[0]).toContain("07700 900123");
    expect(bodies[0]).not.toMatch(/K-\d{4}|Priya|Mill Lane/);
  });

  it("is reset after a yes: the new one shows on the request page and goes with later e-mails, the old one answers 410 with the phone alone, and Delete makes both 404", async () => {
    const leadId = newLead("contacted");
    const old = pageOf(leadId);
    const asking = await get(`/admin/requests/${leadId}/customer-link`, { Cookie: cookie });
    expect(asking.status).toBe(200);
    expect(await words(asking)).toContain("Yes, reset");
    expect(pageOf(leadId), "asking changes nothing").toBe(old);
    const reset = await ownerPost(`/admin/requests/${leadId}/customer-link`, { intent: "reset-link" });
    expect(reset.status).toBe(303);
    const fresh = pageOf(leadId);
    expect(fresh).not.toBe(old);
    const requestPage = await words(await get(reset.headers.get("location")!, { Cookie: cookie }));
    expect(requestPage).toContain(`${fresh}</a>`);
    expect(requestPage).toContain("The customer&#x27;s link was reset");

    const replaced = await get(old);
    expect(replaced.status).toBe(410);
    const said = await words(replaced);
    expect(said).toContain("This link was replaced by a newer one");
    expect(said).toContain("07700 900123");
    expect(said).not.toMatch(/K-\d{4}|Priya|Mill Lane|garage/);
    expect((await post(old, { intent: "accept", quote: "1", name: "X Y" }, NO_REFERRER_PAGE)).status).toBe(410);
    expect((await get(fresh)).status).toBe(200);

    // The next e-mail to the customer, a quote sent from the owner's pages, carries the new link.
    const before = mailsTo(CUSTOMER.email).length;
    const quotePage = (await ownerPost(`/admin/requests/${leadId}`, { intent: "create-quote" })).headers.get("location")!;
    const quoteSent = await sendQuoteAndSayYes(ownerPost, (p) => get(p, { Cookie: cookie }), quotePage, { description: "Ridge", quantity: "1", unitPrice: "90", validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) });
    expect(quoteSent.status).toBe(303);
    const mail = await waitFor(() => mailsTo(CUSTOMER.email).length > before && mailsTo(CUSTOMER.email).at(-1));
    expect(pageLinkIn(mail.raw)).toBe(fresh);

    const question = await words(await get(`/admin/requests/${leadId}?confirm=delete`, { Cookie: cookie }));
    expect(question).toContain("Their own page goes too: the link to it stops working.");
    expect((await ownerPost(`/admin/requests/${leadId}`, { intent: "delete", confirmed: "delete-for-good" })).status).toBe(303);
    for (const gone of [old, fresh]) expect((await get(gone)).status, gone).toBe(404);
    expect(withStore(server.dataDir, (store) => checkCustomerLink(store, fresh.split("/").pop()!))).toEqual({ state: "unknown" });
  });
});
