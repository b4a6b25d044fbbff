/**
 * A review's Publish, on a store of its own with a publisher that stands in for the server's (it
 * "renders" at once, or fails, or lets another publish go live first): the live content plus the
 * testimonial goes live, never the draft; the draft gains the testimonial and is published later
 * from the page that showed it, keeping the review; all or nothing; a second Publish does nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentFiles } from "~/content/index.ts";
import type { Content } from "~/content/load.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { auditOfLead } from "../db/audit.server.ts";
import { requestReview, reviewById, submitReview } from "../reviews/reviews.server.ts";
import { contentWith } from "./draft.server.ts";
import { withBusiness, type SiteEdits } from "./edits.ts";
import { publishDraft } from "./publish-draft.server.ts";
import { publishReview } from "./publish-review.server.ts";
import type { PublishOutcome, SitePublisher } from "../services/publisher.ts";
import { currentDraft, liveVersion, recordPublish, saveSiteDraft } from "./versions.server.ts";

const OLD_PHONE = (contentFiles.business as { phone: { display: string } }).phone.display;
const NEW_PHONE = { display: "01438 555123", e164: "+441438555123" };
const REVIEW = "New valley gutter in a day, the old lead taken away and the rain runs where it should now.";

let store: LeadStore;
beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

/** What went live, in order; `before` runs as a publish "renders", `fail` makes it fail. */
function fakePublisher(options: { before?: () => void; fail?: boolean } = {}) {
  const live: Content[] = [];
  const publisher: SitePublisher = {
    pageCount: () => 53,
    preview: () => Promise.reject(new Error("not used")),
    async publish(content, record, current): Promise<PublishOutcome> {
      if (current && !current()) return { ok: false, reason: "stale" };
      options.before?.();
      options.before = undefined;
      if (options.fail) return { ok: false, reason: "failed", page: "/gallery", problem: "it could not be rendered" };
      const version = record();
      if (version === undefined) return { ok: false, reason: "stale" };
      live.push(content);
      return { ok: true, version, pages: 53, ms: 1 };
    },
  };
  return { publisher, live };
}

/** A won job's review, written with consent: its id. */
function writtenReview(consent = true): number {
  const lead = store.add({ form: "quote", page: "/areas/roofers-in-harpenden/", name: "Harriet Reviewer", email: "h@example.org", phone: "07700 900888", location: "9 High Street", message: "Valley gutter leaks." }, { notify: false });
  store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
  const made = requestReview(store, lead.id, { actor: "Dave" })!;
  submitReview(store, made.review.id, { stars: 4, text: REVIEW, displayName: "harriet r.", consent });
  return made.review.id;
}

function checked(edits: SiteEdits): Content {
  const made = contentWith(edits);
  if (!("content" in made)) throw new Error(made.problems.join("; "));
  return made.content;
}
const liveContent = () => checked(liveVersion(store)?.edits ?? {});
const draftContent = () => checked(currentDraft(store).edits);
const publish = (publisher: SitePublisher, reviewId: number) => publishReview(store, publisher, { reviewId, town: "harpenden", author: "Dave" });

describe("a review's Publish", () => {
  it("puts the testimonial live at the top, with its stars, town and month, and makes no draft", async () => {
    const id = writtenReview();
    const { publisher, live } = fakePublisher();
    expect(await publish(publisher, id)).toMatchObject({ ok: true, version: 1 });
    expect(live).toHaveLength(1);
    expect(liveContent().testimonials[0]).toEqual({ name: "Harriet R.", location: "harpenden", rating: 4, text: REVIEW, reviewMonth: new Date().toISOString().slice(0, 7) });
    expect(liveContent().testimonials.slice(1)).toEqual(checked({}).testimonials);
    expect(currentDraft(store).revision, "no draft is made").toBe(0);
    expect(reviewById(store, id)?.status).toBe("published");
    expect(liveVersion(store)?.summary).toEqual(["Testimonials: 1 added, on the home and gallery pages"]);
    expect(auditOfLead(store, reviewById(store, id)!.leadId).map((entry) => entry.action)).toContain("published the customer's review on the site");
  });

  it("publishes the live content plus the review, never the waiting draft; the draft gains it and, published later from the page that showed it, keeps it", async () => {
    const id = writtenReview();
    expect(saveSiteDraft(store, withBusiness(contentFiles, {}, { phone: NEW_PHONE }), { from: 0, author: "Dave" })).toEqual({ ok: true, revision: 1 });
    const shown = currentDraft(store).revision;

    const { publisher, live } = fakePublisher();
    expect(await publish(publisher, id)).toMatchObject({ ok: true });
    expect(live[0]!.business.phone.display, "the phone number saved as a draft stays a draft").toBe(OLD_PHONE);
    expect(liveContent().business.phone.display).toBe(OLD_PHONE);
    expect(liveContent().testimonials[0]!.text).toBe(REVIEW);

    const draft = currentDraft(store);
    expect(draft).toMatchObject({ revision: shown, basedOn: liveVersion(store)!.id });
    expect(draftContent().business.phone).toEqual(NEW_PHONE);
    expect(draftContent().testimonials).toEqual(liveContent().testimonials);

    const later = await publishDraft(store, publisher, liveContent(), { from: shown, confirmation: "", author: "Dave" });
    expect(later, "not refused as out of date").toMatchObject({ ok: true, version: 2 });
    expect(liveContent().business.phone).toEqual(NEW_PHONE);
    expect(liveContent().testimonials[0]!.text, "the review is kept").toBe(REVIEW);
    expect(liveVersion(store)?.summary, "the draft changes only the phone").toEqual([`Phone number: ${OLD_PHONE} → ${NEW_PHONE.display}, on all 53 pages`]);
  });

  it("is all or nothing: a page failing leaves the live version, the draft and the review as they were", async () => {
    const id = writtenReview();
    saveSiteDraft(store, withBusiness(contentFiles, {}, { phone: NEW_PHONE }), { from: 0, author: "Dave" });
    const draftBefore = currentDraft(store);
    const result = await publish(fakePublisher({ fail: true }).publisher, id);
    expect(result).toMatchObject({ ok: false, status: 500 });
    expect(liveVersion(store)).toBeUndefined();
    expect(currentDraft(store)).toEqual(draftBefore);
    expect(reviewById(store, id)?.status).toBe("submitted");
  });

  it("a second Publish (a double tap, a replay) publishes nothing more", async () => {
    const id = writtenReview();
    const { publisher, live } = fakePublisher();
    await publish(publisher, id);
    expect(await publish(publisher, id)).toEqual({ ok: true, already: true });
    expect(live).toHaveLength(1);
    expect(liveContent().testimonials.filter((t) => t.text === REVIEW)).toHaveLength(1);
  });

  it("when the draft is published while it renders, starts again from what is live then, keeping both", async () => {
    const id = writtenReview();
    saveSiteDraft(store, withBusiness(contentFiles, {}, { phone: NEW_PHONE }), { from: 0, author: "Dave" });
    const { publisher } = fakePublisher({ before: () => recordPublish(store, { edits: currentDraft(store).edits, from: 1, author: "Dave", summary: [] }) });
    expect(await publish(publisher, id)).toMatchObject({ ok: true, version: 2 });
    expect(liveContent().business.phone).toEqual(NEW_PHONE);
    expect(liveContent().testimonials[0]!.text).toBe(REVIEW);
  });

  it("is refused without the customer's consent, and for a review already kept private", async () => {
    const { publisher, live } = fakePublisher();
    expect(await publish(publisher, writtenReview(false))).toMatchObject({ ok: false, status: 409, error: expect.stringContaining("did not agree") });
    const kept = writtenReview();
    store.db.prepare("UPDATE reviews SET status = 'private' WHERE id = ?").run(kept);
    expect(await publish(publisher, kept)).toMatchObject({ ok: false, status: 409 });
    expect(live).toHaveLength(0);
    expect(liveVersion(store)).toBeUndefined();
  });
});
