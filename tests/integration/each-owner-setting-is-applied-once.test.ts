/**
 * Issue 34 §2 on the real server, beside each-owner-action-is-applied-once: the quote's editor,
 * reviews, notifications, passkeys and signing out are named actions of the one table. Each form,
 * posted twice with its once-only key, changes once, writes its audit line naming the action, and
 * gets the same answer both times (signing out forgets the session's cookie both times).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPasskeys } from "~/lib/owner/passkeys.server.ts";
import { createQuote, saveDraft, sendQuote } from "~/lib/quotes/quotes.server.ts";
import { requestReview, submitReview } from "~/lib/reviews/reviews.server.ts";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { signedInOwner, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = signedInOwner(server.dataDir).cookie;
}, 90_000);
afterAll(() => server.stop());

const post = (path: string, fields: [string, string][], as = cookie) =>
  fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: as, "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36" }, redirect: "manual" });
const page = async (path: string, as = cookie) => (await fetch(`${server.url}${path}`, { headers: { Cookie: as } })).text();
const answerOf = (response: Response) => [response.status, response.headers.get("location"), response.headers.get("set-cookie")];
const count = (sql: string, ...values: (string | number)[]) => withStore(server.dataDir, (store) => (store.db.prepare(sql).get(...values) as { n: number }).n);
/** How many audit lines the action `name` wrote. */
const named = (name: string) => count("SELECT COUNT(*) AS n FROM audit WHERE action_name = ?", name);

/** The form posted twice with its one key: the same redirect both times; its audit lines, counted before and after, are those of one change. */
async function postTwice(path: string, fields: [string, string][], name: string, as = cookie) {
  expect(fields.some(([field]) => field === "once"), "the form carries its key").toBe(true);
  const before = named(name);
  const first = answerOf(await post(path, fields, as));
  const second = answerOf(await post(path, fields, as));
  expect(first[0]).toBe(303);
  expect(second).toEqual(first);
  expect(named(name), `one audit line named ${name}`).toBe(before + 1);
  expect(count("SELECT COUNT(*) AS n FROM applied_actions WHERE name = ?", name)).toBeGreaterThan(0);
  return first;
}

/** A request; its id. */
const request = (email: string) =>
  withStore(server.dataDir, (store) => store.add({ form: "quote", page: "/", name: "Jane Smith", email, phone: "07700 900000", location: "1 High St, Hitchin", message: "Slipped tiles." }, { notify: false }).id);

/** A quote of one line for a new request, a draft or sent; its id. */
function quote(send: boolean) {
  const leadId = request("quote@example.org");
  return withStore(server.dataDir, (store) => {
    const made = createQuote(store, leadId, { actor: "Test" })!;
    saveDraft(store, made.id, { lines: [{ description: "New ridge", quantity: 100, unitPence: 90000 }], vat: false, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: true });
    if (send && !("token" in sendQuote(store, made.id, { actor: "Test" }))) throw new Error("not sent");
    return made.id;
  });
}

describe("the quote's page", () => {
  it("quote.save: the draft saved once, the same answer both times", async () => {
    const id = quote(false);
    const path = `/admin/quotes/${id}`;
    const fields = typeInto(formFields(await page(path), "Save draft"), { "notes": "Scaffold included.", intent: "save" });
    expect(await postTwice(path, fields, "quote.save")).toEqual([303, `${path}?saved=draft`, null]);
    expect(count("SELECT COUNT(*) AS n FROM quotes WHERE id = ? AND notes = 'Scaffold included.'", id)).toBe(1);
  });

  it("quote.follow-ups: turned off once", async () => {
    const id = quote(true);
    const path = `/admin/quotes/${id}`;
    expect(await postTwice(path, formFields(await page(path), "Stop follow-ups"), "quote.follow-ups")).toEqual([303, path, null]);
    expect(count("SELECT COUNT(*) AS n FROM quotes WHERE id = ? AND follow_ups = 0", id)).toBe(1);
  });

  it("quote.revise: one new revision, and both answers lead to it", async () => {
    const id = quote(true);
    const path = `/admin/quotes/${id}`;
    const lead = count("SELECT lead_id AS n FROM quotes WHERE id = ?", id);
    const [, to] = await postTwice(path, formFields(await page(path), "Change quote (new revision)"), "quote.revise");
    expect(to).toMatch(/^\/admin\/quotes\/\d+$/);
    expect(to).not.toBe(path);
    expect(count("SELECT COUNT(*) AS n FROM quotes WHERE lead_id = ?", lead)).toBe(2);
  });
});

describe("the reviews page", () => {
  /** A submitted review of a Won request; its id. */
  function review(consent: boolean) {
    const leadId = request("review@example.org");
    return withStore(server.dataDir, (store) => {
      store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(leadId);
      const asked = requestReview(store, leadId, { actor: "Test" })!;
      submitReview(store, asked.review.id, { stars: 5, text: "Tidy work, on time, and the garden left as we found it.", displayName: "Jane S", consent });
      return asked.review.id;
    });
  }

  it("review.private: kept private once", async () => {
    const id = review(false);
    const fields = formFields(await page("/admin/reviews"), `name="id" value="${id}"`);
    expect(await postTwice("/admin/reviews", fields, "review.private")).toEqual([303, `/admin/reviews?kept#review-${id}`, null]);
    expect(count("SELECT COUNT(*) AS n FROM reviews WHERE id = ? AND status = 'private'", id)).toBe(1);
  });

  it("review.publish: published once, one version of the site", async () => {
    const id = review(true);
    const fields = typeInto(formFields(await page("/admin/reviews"), `value="publish"`), { town: "watford" });
    const versions = count("SELECT COUNT(*) AS n FROM site_versions");
    expect(await postTwice("/admin/reviews", fields, "review.publish")).toEqual([303, `/admin/reviews?published#review-${id}`, null]);
    expect(count("SELECT COUNT(*) AS n FROM reviews WHERE id = ? AND status = 'published'", id)).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM site_versions")).toBe(versions + 1);
  }, 120_000);
});

describe("the notifications page", () => {
  const subscription = (endpoint: string) => JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } });
  const devices = () => count("SELECT COUNT(*) AS n FROM push_subscriptions");

  it("push.subscribe, push.test, push.remove: each once", async () => {
    // The script fills the subscription into the rendered form and submits it.
    const fields = typeInto(formFields(await page("/admin/notifications"), 'value="subscribe"'), { subscription: subscription("https://push.example.net/once") });
    expect(await postTwice("/admin/notifications", fields, "push.subscribe")).toEqual([303, "/admin/notifications?added", null]);
    expect(devices()).toBe(1);

    const pushes = count("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'push'");
    expect(await postTwice("/admin/notifications", formFields(await page("/admin/notifications"), "Send a test notification"), "push.test")).toEqual([303, "/admin/notifications?tested", null]);
    expect(count("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'push'")).toBe(pushes + 1);

    expect(await postTwice("/admin/notifications", formFields(await page("/admin/notifications"), "Turn off"), "push.remove")).toEqual([303, "/admin/notifications?removed", null]);
    expect(devices()).toBe(0);
  });

  it("weekly-summary.set: turned off once", async () => {
    const fields = formFields(await page("/admin/notifications"), "Weekly summary on Monday mornings").filter(([name]) => name !== "on");
    expect(await postTwice("/admin/notifications", fields, "weekly-summary.set")).toEqual([303, "/admin/notifications?weekly", null]);
    expect(count("SELECT COUNT(*) AS n FROM audit WHERE action = 'turned off the weekly summary'")).toBe(1);
  });
});

describe("passkeys and signing out", () => {
  it("passkey.remove: another device's passkey removed once", async () => {
    const lost = signedInOwner(server.dataDir, "Lost phone");
    const fields = formFields(await page(`/admin/passkeys?confirm=${lost.passkeyId}`), "Remove passkey");
    expect(await postTwice("/admin/passkeys", fields, "passkey.remove")).toEqual([303, "/admin/passkeys?removed", null]);
    expect(withStore(server.dataDir, (store) => listPasskeys(store).some((passkey) => passkey.id === lost.passkeyId))).toBe(false);
  });

  it("passkey.remove of this browser's own passkey signs it out and forgets its cookie", async () => {
    const laptop = signedInOwner(server.dataDir, "Old laptop");
    const fields = formFields(await page(`/admin/passkeys?confirm=${laptop.passkeyId}`, laptop.cookie), "Remove passkey");
    const before = named("passkey.remove");
    const [status, to, setCookie] = answerOf(await post("/admin/passkeys", fields, laptop.cookie));
    expect([status, to]).toEqual([303, "/admin/sign-in?signed-out"]);
    expect(setCookie).toMatch(/Max-Age=0/);
    expect(named("passkey.remove")).toBe(before + 1);
    expect(count("SELECT COUNT(*) AS n FROM owner_sessions WHERE passkey_id = ?", laptop.passkeyId)).toBe(0);
  });

  it("owner.sign-out: the session ended, the cookie forgotten, one audit line", async () => {
    const tablet = signedInOwner(server.dataDir, "Tablet");
    const fields = formFields(await page("/admin/more", tablet.cookie), "Sign out");
    const before = named("owner.sign-out");
    const [status, to, setCookie] = answerOf(await post("/admin/sign-out", fields, tablet.cookie));
    expect([status, to]).toEqual([303, "/admin/sign-in?signed-out"]);
    expect(setCookie).toMatch(/Max-Age=0/);
    expect(named("owner.sign-out")).toBe(before + 1);
    expect(count("SELECT COUNT(*) AS n FROM owner_sessions WHERE passkey_id = ?", tablet.passkeyId)).toBe(0);
    // The same form again: the session is gone, so it is sent to sign in, and nothing more is written.
    expect((await post("/admin/sign-out", fields, tablet.cookie)).headers.get("location")).toMatch(/^\/admin\/sign-in/);
    expect(named("owner.sign-out")).toBe(before + 1);
  });
});
