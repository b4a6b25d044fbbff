/**
 * Issue 33 §4: a phone that never heard the answer sends the owner's POST again. Here a note and
 * Book visit are posted as the page gave them, then the very same request once more and then
 * twice at once: the note must be there once, the visit booked once and its invitation e-mailed
 * once.
 *
 * Each owner form carries a hidden `once` field, a random 128-bit key made when the page is
 * rendered, and the server applies a key once and answers a key already applied with its first
 * answer (decision 28).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { openStore, serverWithOwnerAndMail, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import type { RunningServer } from "../support/server.ts";
import { waitFor } from "../support/smtp.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;

beforeAll(async () => ({ smtp, server, cookie, stop } = await serverWithOwnerAndMail()));
afterAll(() => stop());

function request(name: string, email: string): number {
  const store = openStore(server.dataDir);
  try {
    return store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email, phone: "07700 900456", location: "12 Bancroft, Hitchin SG5 1JW", message: "Slipped tiles." }, { notify: false }).id;
  } finally {
    store.close();
  }
}

const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();

/**
 * Posts `fields` to `path` as the owner's phone does, then the very same request again once, then
 * twice at once; every answer is the redirect the first one was.
 */
async function postAndReplay(path: string, fields: [string, string][]): Promise<void> {
  const send = () => fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
  const first = await send();
  const answers = [first, await send(), ...(await Promise.all([send(), send()]))];
  expect(answers.map((answer) => [answer.status, answer.headers.get("location")])).toEqual(answers.map(() => [303, first.headers.get("location")]));
}

/** The visit e-mails still waiting in the queue. */
const waitingMails = () => withStore(server.dataDir, (store) => (store.db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'visit-mail' AND done_at IS NULL").get() as { n: number }).n);

describe("an owner's POST sent again", () => {
  it("adds a note once", async () => {
    const id = request("Nora Notes", "nora@example.org");
    const form = formFields(await page(`/admin/requests/${id}`), "Add note");
    await postAndReplay(`/admin/requests/${id}`, typeInto(form, { note: "Rang at 9, no answer." }));
    const notes = withStore(server.dataDir, (store) => store.db.prepare("SELECT body FROM lead_notes WHERE lead_id = ?").all(id));
    expect(notes).toEqual([{ body: "Rang at 9, no answer." }]);
  });

  it("books a visit once and e-mails its invitation once", async () => {
    const id = request("Vic Visits", "vic@example.org");
    const form = formFields(await page(`/admin/requests/${id}/visits/new`), "Book visit");
    await postAndReplay(`/admin/requests/${id}/visits/new`, typeInto(form, { kind: "survey", date: addDays(ukToday(), 2), from: "09:00", to: "11:00", notes: "Ladder on the van." }));
    await waitFor(() => waitingMails() === 0);
    const visits = withStore(server.dataDir, (store) => store.db.prepare("SELECT kind, status FROM visits WHERE lead_id = ?").all(id));
    expect(visits).toEqual([{ kind: "survey", status: "booked" }]);
    expect(smtp.messages.filter((mail) => mail.to.includes("vic@example.org"))).toHaveLength(1);
  });
});
