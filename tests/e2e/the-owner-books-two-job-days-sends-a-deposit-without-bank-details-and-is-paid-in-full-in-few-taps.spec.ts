/**
 * Issue 35 §3 on a 390 × 844 phone, a server of its own, real SMTP: the week's forms come filled
 * with what the app knows, and each task takes few taps (each click and each field typed into
 * counts as one, a submission being the click that makes it):
 * - two job days from the won request's page: at most 5, one e-mail holding both days;
 * - a deposit invoice sent while the bank details are not yet set: at most 6;
 * - a payment in full: at most 3.
 */
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { changeStatus } from "../../app/lib/requests/inbox.server.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { addDays, ukToday } from "../../app/lib/time/uk-time.ts";
import { allParts, mimeOf, subjectOf, waitFor } from "../support/smtp.ts";
import { ownerOnAServerWithMail } from "./owner-support.ts";

const CUSTOMER = { name: "Megan Price", email: "megan@example.org", address: "3 Bury Lane, Stevenage SG1 2AA" };

type OwnServer = Awaited<ReturnType<typeof ownerOnAServerWithMail>>;
let smtp: OwnServer["smtp"];
let server: OwnServer["server"];
let origin: string;
let owner: Page;
let close: OwnServer["close"] | undefined;

test.beforeAll(async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner works from his phone.");
  ({ smtp, server, origin, owner, close } = await ownerOnAServerWithMail(browser, {}));
});
test.afterAll(async () => {
  await close?.();
});

/** Megan's request, won with her acceptance of a £4,800.00 + VAT quote. */
function wonRequest(): number {
  const store = new LeadStore(path.join(server.dataDir, "leads.sqlite"));
  try {
    const id = store.add({ form: "quote", page: "/", name: CUSTOMER.name, email: CUSTOMER.email, phone: "07700 900456", location: CUSTOMER.address, message: "A new roof." }).id;
    const quote = createQuote(store, id, { actor: "Dave", vatNumber: "GB999999973" })!;
    saveDraft(store, quote.id, { lines: [{ description: "Strip and re-tile the main roof", quantity: 100, unitPence: 480_000 }], vat: true, validUntil: addDays(ukToday(), 30), notes: "", guarantees: [], followUps: false });
    const sent = sendQuote(store, quote.id, { actor: "Dave" });
    if ("refused" in sent) throw new Error(sent.refused);
    acceptQuote(store, quote.id, { name: CUSTOMER.name, address: "192.0.2.7" });
    store.inTransaction(() => changeStatus(store, id, "won", "Dave"));
    return id;
  } finally {
    store.close();
  }
}

const toCustomer = () => smtp.messages.filter((mail) => mail.to.includes(CUSTOMER.email));

test("two job days, a deposit sent without bank details set, and a payment in full, each in few taps", async () => {
  test.slow();
  const id = wonRequest();
  let taps = 0;
  const tap = async (target: Locator) => {
    taps++;
    await target.click();
  };
  const type = async (target: Locator, text: string) => {
    taps++;
    await target.fill(text);
  };
  const main = owner.getByRole("main");

  // Two job days.
  await owner.goto(`${origin}/admin/requests/${id}`);
  taps = 0;
  await tap(main.getByRole("link", { name: "Schedule job" }));
  await expect(owner.getByLabel("Date")).not.toHaveValue("");
  await expect(owner.getByLabel("From")).not.toHaveValue("");
  await type(owner.getByLabel("How many days"), "2");
  await tap(main.getByRole("button", { name: "Book job days" }));
  await expect(main).toContainText("Job days booked.");
  expect(taps, "two job days").toBeLessThanOrEqual(5);
  const invitation = await waitFor(() => toCustomer().find((mail) => subjectOf(mail.raw).includes("2 days from")), 20_000);
  const ics = allParts(mimeOf(invitation.raw)).find((part) => part.type === "text/calendar")!.text;
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(new Set([...ics.matchAll(/^UID:(.*)$/gm)].map((match) => match[1])).size).toBe(2);
  expect(toCustomer().filter((mail) => /is booked/.test(subjectOf(mail.raw))), "one e-mail for both days").toHaveLength(1);

  // A deposit invoice sent, the bank details not yet set.
  await owner.goto(`${origin}/admin/requests/${id}`);
  taps = 0;
  // Next step offers the deposit once the job days are booked.
  await tap(main.getByRole("region", { name: "Next step" }).getByRole("button", { name: "Invoice the deposit" }));
  await expect(owner).toHaveURL(/\/admin\/invoices\/\d+$/);
  await tap(main.getByRole("button", { name: "Send invoice" }));
  await expect(main.getByRole("heading", { name: "Your bank details" })).toBeVisible();
  await expect(owner.getByLabel("Account name"), "filled with the business's name").toHaveValue("Kestrel Roofing");
  await type(owner.getByLabel("Sort code"), "60 16 13");
  await type(owner.getByLabel("Account number"), "31926819");
  await tap(main.getByRole("button", { name: "Save bank details" }));
  await expect(main).toContainText("Bank details saved.");
  await tap(main.getByRole("button", { name: "Yes, send the invoice" }));
  await expect(owner.getByRole("heading", { level: 1 })).toContainText("INV-");
  expect(taps, "a deposit invoice sent, bank details not yet set").toBeLessThanOrEqual(6);
  await waitFor(() => toCustomer().find((mail) => subjectOf(mail.raw).startsWith("Invoice INV-")), 20_000);

  // A payment in full.
  await owner.goto(`${origin}/admin/requests/${id}`);
  taps = 0;
  await tap(main.getByRole("link", { name: /^INV-/ }).first());
  await tap(main.getByRole("button", { name: "Paid in full" }));
  await expect(main).toContainText(/Still due\s*£0\.00/);
  expect(taps, "a payment in full").toBeLessThanOrEqual(3);
  await waitFor(() => toCustomer().find((mail) => subjectOf(mail.raw).startsWith("Receipt: £1,440.00")), 20_000);
});

test("from a new request's card to a booked survey in at most 4 taps, the form filled with a survey on the next free working day", async () => {
  const store = new LeadStore(path.join(server.dataDir, "leads.sqlite"));
  let id: number;
  try {
    id = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name: "Sam Survey", email: "sam@example.org", phone: "07700 900789", location: "9 Bancroft, Hitchin SG5 1JW", message: "Slipped slates." }).id;
  } finally {
    store.close();
  }
  let taps = 0;
  const tap = async (target: Locator) => {
    taps++;
    await target.click();
  };
  const main = owner.getByRole("main");
  await owner.goto(`${origin}/admin`);
  await tap(main.getByRole("link", { name: /Sam Survey/ }).first());
  await expect(owner).toHaveURL(new RegExp(`/admin/requests/${id}$`));
  await tap(main.getByRole("link", { name: /^Book (a survey|a visit)$/ }).first());
  await expect(owner.getByLabel("Survey")).toBeChecked();
  await expect(owner.getByLabel("Date")).not.toHaveValue("");
  await expect(owner.getByLabel("From")).not.toHaveValue("");
  await expect(owner.getByLabel("To")).not.toHaveValue("");
  await tap(main.getByRole("button", { name: "Book visit" }));
  await expect(owner).toHaveURL(new RegExp(`/admin/requests/${id}`));
  expect(taps, "from a new request's card to a booked survey").toBeLessThanOrEqual(4);
  await waitFor(() => smtp.messages.find((mail) => mail.to.includes("sam@example.org") && /survey/i.test(subjectOf(mail.raw))), 20_000);
});
