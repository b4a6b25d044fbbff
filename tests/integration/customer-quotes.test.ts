/**
 * Quotes against the real server and a real SMTP server: the owner sends one, the PDF arrives
 * and reads right; the customer's link is never cached or indexed; every refusal (a forged,
 * unknown, expired or replaced link, a second answer, a post from elsewhere, an edit after
 * sending) is checked as carefully as each success.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteById } from "../../app/lib/quotes/quotes.server.ts";
import { openStore, sendQuoteAndSayYes, signedInOwner } from "../support/owner.ts";
import { postForm, startServer, type RunningServer } from "../support/server.ts";
import { attachmentsOf, headersOf, startSmtp } from "../support/smtp.ts";

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: ReturnType<typeof signedInOwner>;
const CUSTOMER = { name: "Priya Tilewell", email: "priya@example.org", phone: "07700 900555", location: "3 Mill Lane, Hitchin", message: "Flat roof over the garage leaks." };
const LINES = { description: ["Strip old felt", "EPDM membrane fitted", "Skip hire"], quantity: ["1", "18.5", "1"], unitPrice: ["240", "42.50", "195.00"] };

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "owner@example.org", FORM_RATE_LIMIT: "1000" });
  owner = signedInOwner(server.dataDir);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

function newLead(): number {
  const store = openStore(server.dataDir);
  try {
    return store.add({ form: "quote", page: "/", ...CUSTOMER }).id;
  } finally {
    store.close();
  }
}

function quoteRow(id: number) {
  const store = openStore(server.dataDir);
  try {
    return quoteById(store, id)!;
  } finally {
    store.close();
  }
}

function ownerPost(pathname: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return fetch(`${server.url}${pathname}`, { method: "POST", body, headers: { Origin: server.url, Cookie: owner.cookie }, redirect: "manual" });
}

const ownerGet = (pathname: string) => fetch(`${server.url}${pathname}`, { headers: { Cookie: owner.cookie }, redirect: "manual" });
const sendQuote = (quotePage: string, fields: Record<string, string | string[]>) => sendQuoteAndSayYes(ownerPost, ownerGet, quotePage, fields);

const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

async function waitForMail(address: string, count: number) {
  const deadline = Date.now() + 10_000;
  while (mailsTo(address).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(mailsTo(address)).toHaveLength(count);
  return mailsTo(address).at(-1)!;
}

function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "kestrel-pdf-")), "quote.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

/** A quote made and sent by the owner through the pages; returns its id and the customer's link. */
async function sentQuote(): Promise<{ quoteId: number; link: string }> {
  const leadId = newLead();
  const before = mailsTo(CUSTOMER.email).length;
  const created = await ownerPost(`/admin/requests/${leadId}`, { intent: "create-quote" });
  expect(created.status).toBe(303);
  const quotePage = created.headers.get("location")!;
  const quoteId = Number(/\/admin\/quotes\/(\d+)$/.exec(quotePage)![1]);
  const sent = await sendQuote(quotePage, { ...LINES, vat: "on", validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), notes: "", guarantee: "epdmGuarantee" });
  expect(sent.status, await sent.clone().text()).toBe(303);
  const mail = await waitForMail(CUSTOMER.email, before + 1);
  const link = /https?:\/\/\S+\/q\/[\w-]+/.exec(mail.raw.replace(/=\r?\n/g, ""))![0];
  return { quoteId, link: new URL(link).pathname };
}

describe("sending", () => {
  it("e-mails the customer a PDF with the business, the lines and the totals, and a link that holds at least 128 random bits", async () => {
    const { quoteId, link } = await sentQuote();
    const mail = mailsTo(CUSTOMER.email).at(-1)!;
    expect(headersOf(mail.raw).get("subject")).toMatch(/^Your quote Q-\d{4}-\d{4} from Kestrel Roofing$/);
    const [pdf] = attachmentsOf(mail.raw);
    expect(pdf!.filename).toMatch(/^Q-\d{4}-\d{4}\.pdf$/);
    const text = pdfText(pdf!.bytes);
    // 240 + 18.5 × 42.50 = 786.25 + 195 = 1,221.25; VAT per line 48 + 157.25 + 39 = 244.25.
    for (const words of ["Kestrel Roofing", "07700 900123", "info@example.com", "VAT number GB999999973", "Strip old felt", "EPDM membrane fitted", "18.5", "£786.25", "Skip hire", "£1,221.25", "£244.25", "£1,465.50", "maker's 25-year guarantee", "3 Mill Lane, Hitchin", "How to accept", "Page 1 of 1"]) {
      expect(text).toContain(words);
    }
    expect(Buffer.from(link.split("/").pop()!, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    expect(quoteRow(quoteId)).toMatchObject({ status: "sent", totalPence: 146550 });
    expect(server.rows().at(-1)!.status).toBe("quoted");
  });

  it("locks the quote: an edit after sending is refused and changes nothing", async () => {
    const { quoteId } = await sentQuote();
    const response = await ownerPost(`/admin/quotes/${quoteId}`, { intent: "save", description: "Cheaper", quantity: "1", unitPrice: "1", validUntil: "2099-01-01" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("locked");
    expect(quoteRow(quoteId).lines).toHaveLength(3);
  });

  it("refuses a draft with a wrong price, keeping what was typed", async () => {
    const leadId = newLead();
    const quotePage = (await ownerPost(`/admin/requests/${leadId}`, { intent: "create-quote" })).headers.get("location")!;
    const response = await sendQuote(quotePage, { description: "Ridge", quantity: "2", unitPrice: "12.505", validUntil: "2099-01-01" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("An amount in pounds");
    expect(html).toContain('value="12.505"');
    expect(quoteRow(Number(quotePage.split("/").pop())).status).toBe("draft");
  });
});

describe("the customer's link", () => {
  it("shows the quote, never cached or indexed, records the first view and tells the owner once", async () => {
    const { quoteId, link } = await sentQuote();
    const ownerMails = mailsTo("owner@example.org").length;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.url}${link}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html).toContain("£1,465.50");
      expect(html).toContain("Accept quote");
    }
    expect(quoteRow(quoteId).status).toBe("viewed");
    const told = await waitForMail("owner@example.org", ownerMails + 1);
    expect(headersOf(told.raw).get("subject")).toMatch(/opened quote/);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo("owner@example.org"), "told once").toHaveLength(ownerMails + 1);
    const pdf = await fetch(`${server.url}${link}/pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain("Skip hire");
  });

  it("says an unknown and a forged link the same way, with the phone number, revealing nothing", async () => {
    await sentQuote();
    const unknown = await fetch(`${server.url}/q/${"A".repeat(43)}`);
    const forged = await fetch(`${server.url}/q/${encodeURIComponent("<script>alert(1)</script>")}`);
    const tooShort = await fetch(`${server.url}/q/abc`);
    const bodies = await Promise.all([unknown, forged, tooShort].map((r) => r.text()));
    expect([unknown.status, forged.status, tooShort.status]).toEqual([404, 404, 404]);
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
    expect(bodies[0]).toContain("This quote link does not work");
    expect(bodies[0]).toContain("07700 900123");
    expect(bodies[0]).not.toMatch(/Q-\d{4}|Priya|£/);
    expect((await fetch(`${server.url}/q/${"A".repeat(43)}/pdf`)).status).toBe(404);
    const post = await postForm(server, `/q/${"A".repeat(43)}`, { intent: "accept", name: "Priya Tilewell" });
    expect(post.status).toBe(404);
  });

  it("accepts with the typed name: recorded, locked, the request Won, the customer's copy and the owner told; twice changes nothing", async () => {
    const { quoteId, link } = await sentQuote();
    const customerMails = mailsTo(CUSTOMER.email).length;
    const ownerBefore = mailsTo("owner@example.org").length;
    const noName = await postForm(server, link, { intent: "accept", name: " " });
    expect(noName.status).toBe(400);
    expect(quoteRow(quoteId).status, "the page shown again is a view, not an answer").toBe("viewed");
    await waitForMail("owner@example.org", ownerBefore + 1);
    const ownerMails = ownerBefore + 1;

    const accepted = await postForm(server, link, { intent: "accept", name: "Priya Tilewell" });
    expect(accepted.status).toBe(303);
    const row = quoteRow(quoteId);
    expect(row).toMatchObject({ status: "accepted", answerName: "Priya Tilewell", answerAddress: "127.0.0.1" });
    expect(server.rows().find((r) => r.id === row.leadId)!.status).toBe("won");
    const copy = await waitForMail(CUSTOMER.email, customerMails + 1);
    expect(headersOf(copy.raw).get("subject")).toMatch(/^Your accepted quote/);
    expect(pdfText(attachmentsOf(copy.raw)[0]!.bytes)).toContain("Accepted by Priya Tilewell");
    const told = await waitForMail("owner@example.org", ownerMails + 1);
    expect(headersOf(told.raw).get("subject")).toMatch(/ACCEPTED quote/);

    const again = await postForm(server, link, { intent: "accept", name: "Someone Else" });
    expect(again.status).toBe(303);
    const declined = await postForm(server, link, { intent: "decline", reason: "changed my mind" });
    expect(declined.status).toBe(303);
    expect(quoteRow(quoteId)).toMatchObject({ status: "accepted", answerName: "Priya Tilewell", answeredAt: row.answeredAt, declineReason: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(CUSTOMER.email)).toHaveLength(customerMails + 1);
    expect(mailsTo("owner@example.org")).toHaveLength(ownerMails + 1);
    // React marks where text and values meet with empty comments.
    const page = (await (await fetch(`${server.url}${link}`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("You accepted this quote as Priya Tilewell");
    expect(page).not.toContain("Accept quote");
  });

  it("declines with a reason: the request is Lost and the owner told", async () => {
    const { quoteId, link } = await sentQuote();
    const ownerMails = mailsTo("owner@example.org").length;
    expect((await postForm(server, link, { intent: "decline", reason: "Found someone closer" })).status).toBe(303);
    const row = quoteRow(quoteId);
    expect(row).toMatchObject({ status: "declined", declineReason: "Found someone closer" });
    expect(server.rows().find((r) => r.id === row.leadId)!.status).toBe("lost");
    const told = await waitForMail("owner@example.org", ownerMails + 1);
    expect(told.raw).toContain("Found someone closer");
  });

  it("refuses an answer posted from another site", async () => {
    const { quoteId, link } = await sentQuote();
    const response = await postForm(server, link, { intent: "accept", name: "Priya Tilewell" }, { Origin: "https://evil.example" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(quoteRow(quoteId).status).toBe("sent");
  });

  it("the inbox lists a quote about to expire; once past, the link says it has expired and takes no answer", async () => {
    const { quoteId, link } = await sentQuote();
    const setExpiry = (at: Date) => {
      const store = openStore(server.dataDir);
      store.db.prepare("UPDATE quotes SET expires_at = ? WHERE id = ?").run(at.toISOString(), quoteId);
      store.close();
    };
    setExpiry(new Date(Date.now() + 86_400_000));
    const inbox = await (await fetch(`${server.url}/admin`, { headers: { Cookie: owner.cookie } })).text();
    expect(inbox).toContain("Quotes about to expire");
    expect(inbox).toContain(`href="/admin/quotes/${quoteId}"`);
    setExpiry(new Date(Date.now() - 1000));
    const response = await fetch(`${server.url}${link}`);
    expect(response.status).toBe(410);
    const html = await response.text();
    expect(html).toContain("This quote has expired");
    expect(html).toContain("07700 900123");
    expect(html).not.toContain("£");
    expect((await postForm(server, link, { intent: "accept", name: "Priya Tilewell" })).status).toBe(410);
    expect(quoteRow(quoteId).status).toBe("sent");
  });

  it("says a replaced link was replaced once the owner sends a revision, which has its own link", async () => {
    const { quoteId, link } = await sentQuote();
    const revised = await ownerPost(`/admin/quotes/${quoteId}`, { intent: "revise" });
    expect(revised.status).toBe(303);
    const revisionPage = revised.headers.get("location")!;
    expect(revisionPage).not.toBe(`/admin/quotes/${quoteId}`);
    const before = mailsTo(CUSTOMER.email).length;
    const sent = await sendQuote(revisionPage, { ...LINES, unitPrice: ["200", "42.50", "195.00"], vat: "on", validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) });
    expect(sent.status).toBe(303);
    const mail = await waitForMail(CUSTOMER.email, before + 1);
    expect(headersOf(mail.raw).get("subject")).toMatch(/rev 2/);
    const old = await fetch(`${server.url}${link}`);
    expect(old.status).toBe(410);
    const html = await old.text();
    expect(html).toContain("This quote has been replaced");
    expect(html).not.toMatch(/Q-\d{4}|£/);
    expect((await postForm(server, link, { intent: "accept", name: "Priya Tilewell" })).status).toBe(410);
    expect(quoteRow(quoteId).status).toBe("replaced");
  });

  it("is kept out of robots' reach and out of the sitemap", async () => {
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Disallow: /q/");
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain("/q/");
  });
});
