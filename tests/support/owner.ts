/**
 * A signed-in owner for tests that run no browser: a passkey row and a session made through the
 * store's own functions on the test server's database, as a passkey ceremony would leave them.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import type { StoredPhoto } from "../../app/lib/photos/photos.server.ts";
import { SESSION_COOKIE } from "../../app/lib/owner/auth.server.ts";
import { customerPagePath, customerPageToken, resetCustomerLink } from "../../app/lib/links/page-links.server.ts";
import { addNote } from "../../app/lib/requests/inbox.server.ts";
import { insertJobPhotos, makeJobPhoto, writeJobPhotos } from "../../app/lib/photos/job-photos.server.ts";
import { picture } from "./pictures.ts";
import { recordPhotoConsent } from "../../app/lib/photos/customer-photos.server.ts";
import { attachReport, saveSurveyReport } from "../../app/lib/photos/survey-report.server.ts";
import { createInvite, invitePath } from "../../app/lib/owner/invites.server.ts";
import { acceptQuote, createQuote, quotePath, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { addPasskey } from "../../app/lib/owner/passkeys.server.ts";
import { requestReview, reviewPath, submitReview } from "../../app/lib/reviews/reviews.server.ts";
import { createSession } from "../../app/lib/owner/sessions.server.ts";
import { addSubscription } from "../../app/lib/jobs/push.server.ts";
import { fileContent } from "../../app/content/index.ts";
import { addPriceItem } from "../../app/lib/quotes/price-list.server.ts";
import { bookVisits } from "../../app/lib/visits/book.server.ts";
import { addDays, ukInstant, ukToday } from "../../app/lib/time/uk-time.ts";
import { invoicePages, invoicesInEachState } from "./invoices.ts";
import { startServer, type RunningServer } from "./server.ts";
import { startSmtp } from "./smtp.ts";

export function openStore(dataDir: string): LeadStore {
  return new LeadStore(path.join(dataDir, "leads.sqlite"));
}

/** Runs `work` on the server's database through the store's own functions, and closes it. */
export function withStore<T>(dataDir: string, work: (store: LeadStore) => T): T {
  const store = openStore(dataDir);
  try {
    return work(store);
  } finally {
    store.close();
  }
}

/**
 * A photo file in the store's folder, ready to be stored with a request: by default a 4-byte
 * stand-in, not a picture; pass a real JPEG and its size where the picture is decoded.
 */
export function storedPhoto(store: LeadStore, jpeg: { bytes: Buffer; width: number; height: number } = { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), width: 800, height: 600 }): StoredPhoto {
  const id = randomBytes(16).toString("hex");
  mkdirSync(store.photosDir, { recursive: true });
  writeFileSync(path.join(store.photosDir, `${id}.jpg`), jpeg.bytes);
  return { id, file: `${id}.jpg`, bytes: jpeg.bytes.length, width: jpeg.width, height: jpeg.height };
}

/**
 * A done job's photos of the job for the sweeps (a Survey, a Before and a captioned After; their
 * files are not needed for the pages), and the customer's answer about the website when given.
 */
export function jobPhotosAndConsent(store: LeadStore, leadId: number, consent?: "yes" | "no") {
  const photo = () => ({ id: randomBytes(16).toString("hex"), thumb: Buffer.alloc(0), large: Buffer.alloc(0), width: 800, height: 600, thumbWidth: 400, thumbHeight: 300, bytes: 0 });
  store.inTransaction(() => {
    for (const [stage, caption] of [["survey", "Slipped slates above the bay window"], ["before", ""], ["after", "New slates over the bay window"]] as const) insertJobPhotos(store, leadId, [photo()], { stage, caption, now: new Date() });
  });
  if (consent) recordPhotoConsent(store, leadId, consent, new Date());
}

/** A Survey photo of the job on the request, its two sizes on disk as an upload makes them; its id. */
export async function storedJobPhoto(dataDir: string, leadId: number): Promise<string> {
  const file = path.join(dataDir, `job-photo-${randomBytes(4).toString("hex")}.jpg`);
  writeFileSync(file, await picture("jpeg", 800, 600));
  const made = await makeJobPhoto(file);
  if (typeof made === "string") throw new Error(`The test's photo was refused: ${made}`);
  const store = openStore(dataDir);
  try {
    const [written] = await writeJobPhotos(store.photosDir, [made]);
    insertJobPhotos(store, leadId, [written!], { stage: "survey", caption: "", now: new Date() });
    return written!.id;
  } finally {
    store.close();
  }
}

/** The real server, started with the owner signed in on it: its session cookie beside it. */
export async function serverWithOwner(): Promise<{ server: RunningServer; cookie: string }> {
  const server = await startServer();
  return { server, cookie: signedInOwner(server.dataDir).cookie };
}

/**
 * A server of a test's own with e-mail set up (to a real SMTP server, `smtp`), the owner's
 * address `ownerTo`, and a signed-in owner's cookie; `stop` ends both. `env` adds to the server's
 * (a push receiver's certificate, say).
 */
export async function serverWithOwnerAndMail(ownerTo = "office@example.com", env: Record<string, string> = {}) {
  const smtp = await startSmtp();
  const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: ownerTo, FORM_RATE_LIMIT: "1000", ...env });
  const stop = async () => {
    await server.stop();
    await smtp.close();
  };
  return { smtp, server, cookie: signedInOwner(server.dataDir).cookie, stop };
}

export function signedInOwner(dataDir: string, name = "Test phone") {
  const store = openStore(dataDir);
  try {
    const passkey = addPasskey(store, { credentialId: randomBytes(16).toString("base64url"), publicKey: randomBytes(77), counter: 0, name });
    const token = createSession(store, passkey.id);
    return { passkeyId: passkey.id, token, cookie: `${SESSION_COOKIE}=${token}` };
  } finally {
    store.close();
  }
}

/**
 * Quotes in each state that changes a page: the owner's draft and sent quote, and the customer's
 * open, accepted and unknown links.
 */
function sweepQuotes(store: LeadStore, leadId: number): { owner: string[]; customer: string[] } {
  const draft = {
    lines: [
      { description: "Scaffold to the rear elevation", quantity: 100, unitPence: 45000 },
      { description: "Ridge tiles re-bedded", quantity: 1200, unitPence: 1850 },
    ],
    vat: true,
    validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    notes: "Access from the back garden.",
    guarantees: ["Fully insured"],
    followUps: true,
  };
  const sent = (validUntil = draft.validUntil) => {
    const quote = createQuote(store, leadId, { actor: "Sweep", vatNumber: "GB999999973" })!;
    saveDraft(store, quote.id, { ...draft, validUntil });
    const result = sendQuote(store, quote.id, { actor: "Sweep" });
    if ("refused" in result) throw new Error(result.refused);
    return result;
  };
  const drafted = createQuote(store, leadId, { actor: "Sweep" })!;
  saveDraft(store, drafted.id, draft);
  const open = sent();
  const accepted = sent();
  // Shown in the inbox as about to expire.
  sent(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  acceptQuote(store, accepted.quote.id, { name: "Sweep Visitor", address: "192.0.2.1" });
  return {
    owner: [`/admin/quotes/${drafted.id}`, `/admin/quotes/${drafted.id}/send`, `/admin/quotes/${open.quote.id}`, `/admin/quotes/${accepted.quote.id}`],
    customer: [quotePath(open.token), quotePath(accepted.token), quotePath("A".repeat(43))],
  };
}

/**
 * Visits in each state that changes a page: the sweep's request with a survey it told the
 * customer of and an overlapping job day it could not, and a cancelled one; the pages to book
 * (and schedule a job), move and cancel.
 */
function sweepVisits(store: LeadStore, leadId: number): string[] {
  const day = addDays(ukToday(), 3);
  const at = (hour: number) => ukInstant(day, hour * 60);
  const change = { actor: "Sweep", hours: fileContent.business.openingHours };
  const [survey] = bookVisits(store, leadId, { kind: "survey", days: [{ start: at(9), end: at(11) }], notes: "Ladder on the van." }, { ...change, mail: true })!;
  bookVisits(store, leadId, { kind: "job-day", days: [{ start: at(10), end: at(16) }], notes: "" }, { ...change, mail: false });
  store.db.prepare("UPDATE visits SET status = 'cancelled', sequence = 1 WHERE id = ?").run(bookVisits(store, leadId, { kind: "other", days: [{ start: at(17), end: at(18) }], notes: "" }, { ...change, mail: true })![0]!.id);
  return [`/admin/requests/${leadId}/visits/new`, `/admin/requests/${leadId}/visits/new?kind=job-day`, `/admin/visits/${survey!.id}/move`, `/admin/visits/${survey!.id}/cancel`];
}


/**
 * Every owner page in the states that change its markup, with a stored request (an unsent one,
 * with a note, a photo, quotes and visits) to show, and the customer's quote, review and own pages, and the headers to
 * fetch each with (signed in, except the sign-in page and the customer's pages):
 * for the sweeps that check every page's HTML and weight.
 */
export function ownerPages(dataDir: string): { path: string; headers: Record<string, string> }[] {
  const { cookie, passkeyId } = signedInOwner(dataDir);
  const store = openStore(dataDir);
  try {
    // A device that gets notifications, for the Notifications page's list.
    const keys = { p256dh: randomBytes(65).toString("base64url"), auth: randomBytes(16).toString("base64url") };
    addSubscription(store, passkeyId, { endpoint: `https://push.example.net/${randomBytes(8).toString("hex")}`, keys }, "Chrome on Android");
    const lead = store.add(
      { form: "quote", page: "/areas/roofers-in-watford/", name: "Sweep Visitor", email: "sweep@example.org", phone: "01923 000000", location: "1 High St, Watford", message: "Gutter over the door overflows." },
      { notify: true, photos: [storedPhoto(store)] },
    );
    addNote(store, lead.id, "Left a voicemail.", "Sweep");
    // Photos of the job, one captioned, and one's Delete asking first (their files are not needed for the page).
    const jobPhoto = (caption: string) => ({ id: randomBytes(16).toString("hex"), thumb: Buffer.alloc(0), large: Buffer.alloc(0), width: 800, height: 600, thumbWidth: 400, thumbHeight: 300, bytes: 0, caption });
    const jobPhotos = [jobPhoto("Slipped slates above the bay window"), jobPhoto("")];
    store.inTransaction(() => jobPhotos.forEach((photo) => insertJobPhotos(store, lead.id, [photo], { stage: "survey", caption: photo.caption, now: new Date() })));
    const invite = invitePath(createInvite(store, { name: "Sweep" }).token);
    // A price list, for its page and each quote draft's Add from price list.
    for (const item of [{ description: "Re-felt flat roof with torch-on felt", unit: "per m²", unitPence: 4500 }, { description: "Gutter clean", unit: "", unitPence: 6000 }]) addPriceItem(store, item, { actor: "Sweep" });
    // A survey report of those photos, sent with the quotes: on the customer's /q/ and /c/ pages, and its own form.
    const findings = [{ words: "Three slipped slates above the bay window", photos: [jobPhotos[0]!.id, jobPhotos[1]!.id] }, { words: "Gutter joint leaking over the door", photos: [jobPhotos[1]!.id] }];
    store.inTransaction(() => saveSurveyReport(store, lead.id, { findings, recommend: "Replace the slates and re-seal the gutter." }, new Date()));
    const quotes = sweepQuotes(store, lead.id);
    for (const { id } of store.db.prepare("SELECT id FROM quotes WHERE lead_id = ? AND sent_at IS NOT NULL").all(lead.id) as { id: number }[]) attachReport(store, id, lead.id, new Date());
    quotes.owner.push(`/admin/requests/${lead.id}/report`);
    quotes.owner.push(...sweepVisits(store, lead.id), ...invoicePages(store, lead.id));
    // A finished job's review: the customer's open form and their thank-you, and the owner's list.
    // Each won job is asked once: one asked and waiting, one answered, one not yet done (its question).
    const won = () => {
      const lead = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name: "Sweep Customer", email: "won@example.org", phone: "01462 000000", location: "Hitchin", message: "New flat roof." }, { notify: false });
      store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
      return lead.id;
    };
    const openReview = requestReview(store, won(), { actor: "Sweep" })!;
    const doneReview = requestReview(store, won(), { actor: "Sweep" })!;
    quotes.owner.push(`/admin/requests/${won()}/job-done`);
    submitReview(store, doneReview.review.id, { stars: 4, text: "Tidy, quick and the price was as quoted.", displayName: "Sweep C.", consent: true });
    // Photos of the job on the customer's page, the question about the website, and Put in the gallery after their Yes.
    jobPhotosAndConsent(store, openReview.review.leadId);
    jobPhotosAndConsent(store, doneReview.review.leadId, "yes");
    quotes.customer.push(reviewPath(openReview.token), reviewPath(doneReview.token), reviewPath("A".repeat(43)));
    quotes.owner.push("/admin/reviews");
    // The customer's own page: with the quotes above, with an open review request, before the owner
    // answered (a new request), replaced by a reset, and forged; the owner's question before a reset.
    const unanswered = store.add({ form: "contact", page: "/contact", name: "Sweep Stranger", email: "stranger@example.org", phone: "01438 000000", location: "SG1 1AA", message: "Call me." }, { notify: false });
    const replaced = customerPageToken(store, unanswered.id)!;
    resetCustomerLink(store, unanswered.id, "Sweep");
    const page = (leadId: number) => customerPagePath(customerPageToken(store, leadId)!);
    // Invoices in each state, on the customer's page and the owner's Money page.
    const paying = store.add({ form: "quote", page: "/", name: "Sweep Payer", email: "payer@example.org", phone: "01438 000001", location: "2 Mill Lane, Hitchin SG4 9AA", message: "Ridge tiles." }, { notify: false });
    invoicesInEachState(store, paying.id, { name: "Sweep Payer", address: "2 Mill Lane, Hitchin SG4 9AA", email: "payer@example.org" });
    quotes.customer.push(page(paying.id));
    quotes.owner.push("/admin/money", "/admin/money?from=2026-12-31&to=2026-10-01");
    quotes.customer.push(page(lead.id), page(openReview.review.leadId), `${page(openReview.review.leadId)}/review`, page(unanswered.id), customerPagePath(replaced), customerPagePath("A".repeat(43)));
    quotes.owner.push(`/admin/requests/${lead.id}/customer-link`);
    // Jobs, Show closed with its Paid, and a won job's page opening on now (issue 35).
    quotes.owner.push("/admin?status=jobs", "/admin?status=closed", `/admin/requests/${openReview.review.leadId}`, `/admin/requests/${paying.id}`, `/admin/requests/${doneReview.review.leadId}`);
    quotes.customer.push(page(doneReview.review.leadId));
    const signedIn = [invite, "/admin", "/admin?q=nobody-at-all", `/admin/requests/${lead.id}`, `/admin/requests/${lead.id}?confirm=delete`, `/admin/requests/${lead.id}?delete-photo=${jobPhotos[0]!.id}`, "/admin/sources", "/admin/insights", "/admin/insights?period=months", "/admin/help", "/admin/more", "/admin/waiting", "/admin/offline", "/admin/price-list", "/admin/price-list?quote=1&saved=from-line", "/admin/diary", "/admin/diary/reset-link", "/admin/passkeys", "/admin/notifications", "/admin/survey-bookings", "/admin/site", "/admin/site/contact", "/admin/site/hours", "/admin/site/promises", "/admin/site/social", "/admin/site/invoicing", "/admin/site/versions", "/admin/site/testimonials", "/admin/site/gallery", "/admin/site/texts", "/admin/site/texts?page=services:roof-repairs", "/admin/site/texts?page=areas:hitchin", ...quotes.owner];
    return [{ path: "/admin/sign-in", headers: {} }, ...quotes.customer.map((path) => ({ path, headers: {} })), ...signedIn.map((path) => ({ path, headers: { Cookie: cookie } }))];
  } finally {
    store.close();
  }
}

/**
 * The owner's two taps to send a quote: Send quote (saving the draft, `fields`), then Yes on the
 * page that asks first (routes/admin/quote-send.tsx), with the version that page shows. `post`
 * posts a form as the signed-in owner; the first answer that is not a redirect to the question is returned.
 */
export async function sendQuoteAndSayYes(post: (pathname: string, fields: Record<string, string | string[]>) => Promise<Response>, get: (pathname: string) => Promise<Response>, quotePage: string, fields: Record<string, string | string[]>): Promise<Response> {
  const saved = await post(quotePage, { intent: "send", ...fields });
  if (saved.headers.get("location") !== `${quotePage}/send`) return saved;
  const asking = await (await get(`${quotePage}/send`)).text();
  const version = /name="version" value="([^"]+)"/.exec(asking)?.[1];
  if (!version) throw new Error(`the page that asks first shows no version: ${asking.slice(0, 200)}`);
  return post(`${quotePage}/send`, { version });
}
