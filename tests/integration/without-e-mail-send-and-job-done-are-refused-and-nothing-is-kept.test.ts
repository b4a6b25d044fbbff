/**
 * On a server without e-mail set up, the owner's Send on a quote and Job done on a won request
 * are refused with the words they always had, and nothing of either is kept: the quote is still
 * a draft with no link, no review request is made, and the queue holds no e-mail for them.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { pendingJobs } from "~/lib/jobs/jobs.server.ts";
import { quoteById } from "~/lib/quotes/quotes.server.ts";
import { openStore, sendQuoteAndSayYes, serverWithOwner, withStore } from "../support/owner.ts";
import { postForm, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;
beforeAll(async () => ({ server, cookie } = await serverWithOwner()), 30_000);
afterAll(() => server.stop());

function request(status: string): number {
  const store = openStore(server.dataDir);
  try {
    const id = store.add({ form: "quote", page: "/", name: "Nomail Customer", email: "nomail@example.org", phone: "07700 900222", location: "5 Bury Lane", message: "Flashing." }).id;
    store.db.prepare("UPDATE leads SET status = ? WHERE id = ?").run(status, id);
    return id;
  } finally {
    store.close();
  }
}


it("refuses Send on a quote: still a draft, no link, nothing queued", async () => {
  const leadId = request("new");
  const created = await postForm(server, `/admin/requests/${leadId}`, { intent: "create-quote" }, { Cookie: cookie });
  const quotePage = created.headers.get("location")!;
  const quoteId = Number(quotePage.split("/").pop());
  const post = (pathname: string, fields: Record<string, string | string[]>) => postForm(server, pathname, fields as Record<string, string>, { Cookie: cookie });
  const get = (pathname: string) => fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
  const asking = await get(`${quotePage}/send`);
  expect((await asking.text()).replaceAll("<!-- -->", ""), "the page that asks says so before Yes").toContain("E-mail is not set up on this server, so the quote cannot be sent yet.");
  const sent = await sendQuoteAndSayYes(post, get, quotePage, { description: "Lead flashing", quantity: "1", unitPrice: "180", validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), notes: "" });
  expect(sent.status).toBe(502);
  expect((await sent.text()).replaceAll("<!-- -->", "")).toContain("E-mail is not set up on this server, so the quote cannot be sent. It is still a draft.");
  expect(withStore(server.dataDir, (store) => quoteById(store, quoteId))).toMatchObject({ status: "draft", expiresAt: null, totalPence: 18000 });
  expect(withStore(server.dataDir, (store) => store.db.prepare("SELECT token_hash FROM quotes WHERE id = ?").get(quoteId))).toEqual({ token_hash: null });
  expect(withStore(server.dataDir, (store) => pendingJobs(store.db, "quote-send"))).toBe(0);
});

it("refuses Job done: no review request, nothing queued; a request not won is told so first", async () => {
  const leadId = request("won");
  const done = await postForm(server, `/admin/requests/${leadId}/job-done`, { intent: "job-done" }, { Cookie: cookie });
  expect(done.status).toBe(502);
  expect((await done.text()).replaceAll("<!-- -->", "")).toContain("The review request could not be e-mailed (e-mail is not set up on this server). Nothing was sent.");
  expect(withStore(server.dataDir, (store) => store.db.prepare("SELECT COUNT(*) AS n FROM reviews WHERE lead_id = ?").get(leadId))).toEqual({ n: 0 });
  expect(withStore(server.dataDir, (store) => pendingJobs(store.db, "review-request"))).toBe(0);
  const notWon = await postForm(server, `/admin/requests/${request("new")}/job-done`, { intent: "job-done" }, { Cookie: cookie });
  expect(notWon.status).toBe(409);
});
