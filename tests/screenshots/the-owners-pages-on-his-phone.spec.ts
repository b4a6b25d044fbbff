/**
 * First-screen pictures (390 × 844) of the owner's pages as he works a request on his phone, and
 * of what the customer sees, in `screenshots/owner/{page}.png`, for a person to look over: the
 * inbox, a request and its next step, the quote form with its totals, Send quote's question, a
 * won request's Job done question, More, Your site and one of its short pages, Reviews, and the
 * customer's quote page at 390 and 320 px.
 */
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { LeadStore } from "../../app/lib/leads.server.ts";
import { setStatus } from "../../app/lib/owner/inbox.server.ts";
import { createQuote, quotePath, saveDraft, sendQuote } from "../../app/lib/owner/quotes.server.ts";
import { signUp } from "../e2e/owner-support.ts";
import { LEADS_DB } from "../e2e/support.ts";

const OUT = fileURLToPath(new URL("../../screenshots/owner/", import.meta.url));

test.use({ reducedMotion: "reduce" });

test("the owner's pages at 390 px", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the owner's phone");
  const store = new LeadStore(LEADS_DB);
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const lead = (name: string, hoursAgo: number, message: string) =>
    store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email: `${name.split(" ")[0]!.toLowerCase()}@example.org`, phone: "07700 900654", location: "12 Fore Street, Hitchin SG5 1AA", message }, { notify: false, now: new Date(Date.now() - hoursAgo * 3_600_000) }).id;
  let ids: Record<string, number>;
  let link: string;
  try {
    ids = {
      sarah: lead("Sarah Mitchell", 30, "Two slipped tiles over the back bedroom, and water comes in when it rains from the west."),
      raj: lead("Raj Patel", 3, "Flat roof over the garage is blistering. Could you quote for a new EPDM roof?"),
      won: lead("Harriet Rowe", 80, "New guttering along the front."),
      quoted: lead("Tom Baker", 50, "Chimney flashing leaks."),
    };
    setStatus(store, ids.won!, "won", "Phone");
    const draft = createQuote(store, ids.raj!, { actor: "Phone", vatNumber: "GB999999973" })!;
    saveDraft(store, draft.id, { lines: [{ description: "Strip old felt and fit EPDM membrane", quantity: 1800, unitPence: 7500 }, { description: "Skip hire", quantity: 100, unitPence: 19500 }], vat: true, validUntil: day(30), notes: "", guarantees: [], followUps: true });
    ids.draft = draft.id;
    const sending = createQuote(store, ids.quoted!, { actor: "Phone", vatNumber: "GB999999973" })!;
    saveDraft(store, sending.id, { lines: [{ description: "Renew lead flashing to the chimney", quantity: 100, unitPence: 181995 }], vat: true, validUntil: day(30), notes: "", guarantees: [], followUps: true });
    const sent = sendQuote(store, sending.id, { actor: "Phone" });
    if ("refused" in sent) throw new Error(sent.refused);
    link = quotePath(sent.token);
  } finally {
    store.close();
  }
  await signUp(page, "Owner's phone");
  const shots: [string, string][] = [
    ["inbox", "/admin"],
    ["request", `/admin/requests/${ids.sarah}`],
    ["quote-form", `/admin/quotes/${ids.draft}`],
    ["send-question", `/admin/quotes/${ids.draft}/send`],
    ["job-done-question", `/admin/requests/${ids.won}/job-done`],
    ["more", "/admin/more"],
    ["your-site", "/admin/site"],
    ["your-site-contact", "/admin/site/contact"],
    ["reviews", "/admin/reviews"],
    ["customer-quote", link],
  ];
  for (const [name, path] of shots) {
    await page.goto(path);
    await page.screenshot({ path: `${OUT}${name}.png` });
  }
  await page.setViewportSize({ width: 320, height: 700 });
  await page.screenshot({ path: `${OUT}customer-quote-320.png`, fullPage: true });
});
