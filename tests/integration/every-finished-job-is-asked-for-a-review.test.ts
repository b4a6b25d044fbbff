/**
 * Reviews through the real server and real SMTP: Job done on a won request asks first on a page of
 * its own and e-mails nothing before Yes; Yes e-mails the customer a one-time link, and a second or
 * replayed Yes sends nothing more. A 4-star review with consent goes live on /gallery with its town
 * and month in one Publish, beside a waiting draft (a new e-mail address stays a draft) that gains it
 * and keeps it when published; facts saved after it keep it too. A review without consent can never
 * be published; forged, expired and used links reveal nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { factValues } from "~/lib/site/facts-form.ts";
import { openStore, withStore, serverWithOwnerAndMail } from "../support/owner.ts";
import { postForm, type RunningServer } from "../support/server.ts";
import { headersOf, waitFor } from "../support/smtp.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;

beforeAll(async () => ({ smtp, server, cookie, stop } = await serverWithOwnerAndMail()));
afterAll(() => stop());

/** A won request from a town page, as the owner's work leaves it. */
function wonRequest(name: string, email: string): number {
  const store = openStore(server.dataDir);
  try {
    const lead = store.add({ form: "quote", page: "/areas/roofers-in-harpenden/", name, email, phone: "07700 900888", location: "9 High Street", message: "Valley gutter leaks." }, { notify: false });
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    return lead.id;
  } finally {
    store.close();
  }
}

const get = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const reviewRows = (leadId: number) => withStore(server.dataDir, (store) => store.db.prepare("SELECT COUNT(*) AS n FROM reviews WHERE lead_id = ?").get(leadId) as { n: number }).n;
const yes = (leadId: number) => postForm(server, `/admin/requests/${leadId}/job-done`, { intent: "job-done" }, { Cookie: cookie });

/** Job done: the question (nothing sent), then Yes, and the link the customer's e-mail carries. */
async function jobDone(leadId: number, email: string): Promise<string> {
  expect(await get(`/admin/requests/${leadId}/job-done`)).toContain("Yes, send the review request");
  const done = await yes(leadId);
  expect(done.status).toBe(303);
  expect(done.headers.get("location")).toBe(`/admin/requests/${leadId}?saved=job-done`);
  const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes(email)));
  expect(headersOf(mail.raw).get("subject")).toMatch(/^How did we do\?/);
  return new URL(/https?:\/\/\S+\/review\/[\w-]{43}/.exec(mail.raw.replace(/=\r?\n/g, ""))![0]).pathname;
}

/** The id the Publish and Keep private buttons carry for the review of `text`. */
async function reviewIdOf(leadId: number): Promise<string> {
  return String(withStore(server.dataDir, (store) => (store.db.prepare("SELECT id FROM reviews WHERE lead_id = ?").get(leadId) as { id: number }).id));
}

const publishSite = async () => {
  const from = /name="from" value="(\d+)"/.exec(await get("/admin/site"))![1]!;
  return postForm(server, "/admin/site", { intent: "publish", from }, { Cookie: cookie });
};

describe("Job done", () => {
  it("says first when a job day is still to come, and the request's Next step offers no Job done then", async () => {
    const leadId = wonRequest("Wendy Waiting", "wendy@example.org");
    const start = new Date("2099-12-08T08:00:00Z");
    withStore(server.dataDir, (store) =>
      store.db
        .prepare("INSERT INTO visits (lead_id, kind, start_at, end_at, uid, told, created_at, changed_at) VALUES (?, 'job-day', ?, ?, 'wendy-day', 'e-mail', ?, ?)")
        .run(leadId, start.toISOString(), "2099-12-08T16:00:00Z", new Date().toISOString(), new Date().toISOString()),
    );
    const page = (await get(`/admin/requests/${leadId}/job-done`)).replaceAll("<!-- -->", "");
    expect(page).toContain("The job day on Tue 8 Dec is still to come. Mark the job done anyway?");
    expect(page).toContain("Yes, send the review request");
    const request = await get(`/admin/requests/${leadId}`);
    expect(request, "nothing is invoiced yet: the deposit comes next").toContain("Invoice the job: nothing is invoiced yet.");
    expect(request).not.toContain(`href="/admin/requests/${leadId}/job-done"`);
  });

  it("asks first, on a page that sends nothing; Yes sends the review request once, however often it is pressed", async () => {
    const leadId = wonRequest("Dora Doubletap", "dora@example.org");
    const page = (await get(`/admin/requests/${leadId}/job-done`)).replaceAll("<!-- -->", "");
    expect(page).toContain("Mark the job done and ask Dora Doubletap for a review?");
    expect(page).toContain("9 High Street");
    expect(page).toContain(`href="/admin/requests/${leadId}"`);
    // The request's page offers a link to the question, not a button that sends.
    expect(await get(`/admin/requests/${leadId}`)).toContain(`href="/admin/requests/${leadId}/job-done"`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo("dora@example.org"), "nothing is e-mailed before Yes").toHaveLength(0);
    expect(reviewRows(leadId)).toBe(0);

    // A double tap: two Yes at once, then a replay after the e-mail went.
    const both = await Promise.all([yes(leadId), yes(leadId)]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 409]);
    await waitFor(() => mailsTo("dora@example.org").length > 0);
    const replay = await yes(leadId);
    expect(replay.status).toBe(409);
    const said = await textOf(replay);
    expect(said).toContain("Dora Doubletap has already been asked for a review");
    expect(said).toContain("nothing more is sent");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo("dora@example.org"), "sent once").toHaveLength(1);
    expect(reviewRows(leadId)).toBe(1);
  });

  it("is refused for a request that is not won, with the reason and nothing sent", async () => {
    const store = openStore(server.dataDir);
    const lead = store.add({ form: "quote", page: "/", name: "Not Won", email: "notwon@example.org", phone: "07700 900111", location: "", message: "Just asking about a price." }, { notify: false });
    store.close();
    expect(await get(`/admin/requests/${lead.id}/job-done`)).toContain("Only a won job can be marked done");
    const refused = await yes(lead.id);
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain("This request is New.");
    expect(reviewRows(lead.id)).toBe(0);
    expect((await fetch(`${server.url}/admin/requests/999999/job-done`, { headers: { Cookie: cookie } })).status).toBe(404);
  });
});

const REVIEW = "New valley gutter in a day, the old lead taken away and the rain runs where it should now.";

describe("a finished job's review", () => {
  it("goes from Job done to a 4-star review to the testimonials live on /gallery in one Publish, with its town and month", async () => {
    const leadId = wonRequest("Harriet Reviewer", "harriet@example.org");
    const link = await jobDone(leadId, "harriet@example.org");
    const page = await (await fetch(`${server.url}${link}`)).text();
    expect(page).toContain("How did we do?");
    expect(page).toContain('value="Harriet R."');
    expect(page).toContain("e.g. Sarah M., or just your first name");
    expect((await fetch(`${server.url}${link}`)).headers.get("x-robots-tag")).toContain("noindex");

    // A name the rule refuses: said at its field, nothing saved, the link still open.
    const refused = await postForm(server, link, { stars: "4", text: REVIEW, name: "Harriet 2", consent: "on" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("A name cannot have digits in it");
    expect(await (await fetch(`${server.url}${link}`)).text()).toContain("How did we do?");

    const sent = await postForm(server, link, { stars: "4", text: REVIEW, name: "harriet r.", consent: "on" });
    expect(sent.status).toBe(303);
    expect(await (await fetch(`${server.url}${link}`)).text()).toContain("Thank you for your review");
    // Used once: a second answer changes nothing.
    await postForm(server, link, { stars: "1", text: "Changed my mind about all of it, completely.", name: "Harriet R.", consent: "on" });

    const reviews = await (await fetch(`${server.url}/admin/reviews`, { headers: { Cookie: cookie } })).text();
    // Written all in lower case, shown with capitals before the owner presses Publish.
    expect(reviews.replaceAll("<!-- -->", "")).toContain("4 of 5 stars from Harriet R.");
    expect(reviews.replaceAll("<!-- -->", "")).toContain("Its name on the site: <strong>Harriet R.</strong> (written “harriet r.”)");
    const reviewId = await reviewIdOf(leadId);
    const published = await postForm(server, "/admin/reviews", { intent: "publish", id: reviewId, town: "harpenden" }, { Cookie: cookie });
    expect(published.headers.get("location")).toBe(`/admin/reviews?published#review-${reviewId}`);
    expect(await get("/admin/site"), "one step: no draft is left to publish").not.toContain("Your draft");

    const gallery = (await (await fetch(`${server.url}/gallery`)).text()).replaceAll("<!-- -->", "");
    expect(gallery).toContain(REVIEW);
    expect(gallery).toMatch(/Harriet R\.,\s*<span[^>]*>Harpenden<\/span>/);
    const month = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date());
    expect(gallery).toContain(`${month}: a review of a finished job`);
    expect(gallery).toContain('aria-label="Rated 4 out of 5"');
  });

  it("goes live beside a waiting draft: a new e-mail address stays a draft, the draft gains the review and keeps it when published, and so do facts saved after", async () => {
    // The e-mail address is on every page, like the phone, and its change draws no pictures
    // again; the phone number's own journey is the browser test's.
    const OLD = `mailto:${fileContent.business.email}`;
    const saveFacts = async (email: string) => {
      const from = /name="from" value="(\d+)"/.exec(await get("/admin/site/contact"))![1]!;
      expect((await postForm(server, "/admin/site/contact", { ...factValues(fileContent.business), from, email }, { Cookie: cookie })).status).toBe(303);
    };
    const text = "The flat roof over the kitchen was done in two days and the skylight no longer drips.";
    const leadId = wonRequest("Derek Drafted", "derek@example.org");
    const link = await jobDone(leadId, "derek@example.org");
    expect((await postForm(server, link, { stars: "5", text, name: "Derek D.", consent: "on" })).status).toBe(303);
    await saveFacts("office@example.org");

    const published = await postForm(server, "/admin/reviews", { intent: "publish", id: await reviewIdOf(leadId), town: "harpenden" }, { Cookie: cookie });
    expect(published.status).toBe(303);
    for (const path of ["/gallery", "/"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toContain(text);
      expect(html, `${path}: the draft's address is not live`).toContain(OLD);
      expect(html, path).not.toContain("office@example.org");
    }
    expect((await get("/admin/site")).replaceAll("<!-- -->", ""), "the draft waits, changing only the address").toContain(`E-mail address: ${fileContent.business.email} → office@example.org`);

    const live = await publishSite();
    expect(live.headers.get("location"), "not refused as out of date").toMatch(/published=/);
    const gallery = await (await fetch(`${server.url}/gallery`)).text();
    expect(gallery).toContain(text);
    expect(gallery).toContain("mailto:office@example.org");

    // Facts saved and published after it keep it too: saving them takes nothing back.
    await saveFacts("hello@example.org");
    expect((await publishSite()).headers.get("location")).toMatch(/published=/);
    const after = await (await fetch(`${server.url}/gallery`)).text();
    expect(after).toContain("mailto:hello@example.org");
    expect(after).toContain(text);
  });

  it("without consent can never be published, only kept", async () => {
    const leadId = wonRequest("Private Person", "private@example.org");
    const link = await jobDone(leadId, "private@example.org");
    expect((await postForm(server, link, { stars: "2", text: "Late twice and the mess took a week to clear away.", name: "Private P." })).status).toBe(303);
    const store = openStore(server.dataDir);
    const id = (store.db.prepare("SELECT id FROM reviews WHERE lead_id = ?").get(leadId) as { id: number }).id;
    store.close();
    const refused = await postForm(server, "/admin/reviews", { intent: "publish", id: String(id), town: "harpenden" }, { Cookie: cookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("did not agree");
    expect(await (await fetch(`${server.url}/gallery`)).text()).not.toContain("Late twice");
    const kept = await postForm(server, "/admin/reviews", { intent: "private", id: String(id) }, { Cookie: cookie });
    expect(kept.status).toBe(303);
  });
});

describe("review links", () => {
  it("refuse a forged and an unknown token with one answer (404), an expired one with 410, each with the phone number", async () => {
    const leadId = wonRequest("Expired Link", "expired@example.org");
    const link = await jobDone(leadId, "expired@example.org");
    const store = openStore(server.dataDir);
    store.db.prepare("UPDATE reviews SET expires_at = '2000-01-01T00:00:00.000Z' WHERE lead_id = ?").run(leadId);
    store.close();
    const answers: [string, number, string][] = [
      [link, 410, "This review link has expired"],
      [`/review/${"A".repeat(43)}`, 404, "This review link does not work"],
      ["/review/x", 404, "This review link does not work"],
    ];
    for (const [path, status, words] of answers) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(status);
      const html = await response.text();
      expect(html).toContain(words);
      expect(html).toContain('href="tel:');
      expect(html, "nothing about the job or the customer").not.toContain("Expired Link");
    }
    expect((await postForm(server, link, { stars: "5", text: REVIEW, name: "Expired L.", consent: "on" })).status).toBe(303);
    const after = openStore(server.dataDir);
    expect(after.db.prepare("SELECT status FROM reviews WHERE lead_id = ?").get(leadId)).toEqual({ status: "requested" });
    after.close();
  });
});
