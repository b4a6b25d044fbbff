/**
 * Issue 26 §4 and §5, on a 390 px phone. The owner presses Job done on a won request: a page asks
 * first, naming the customer and the address of the work, and a real SMTP server has received
 * nothing; after Yes, the review request arrives. The customer leaves a review through its link.
 * The owner saves a new phone number as a draft, then presses Publish on the review: the review is
 * live on /gallery and the home page at once, and every page checked still calls the old number.
 * Publishing the draft afterwards keeps the review and brings the new number.
 *
 * Run against a server of its own, with e-mail set up, so the shared test server's pages stay as
 * built and the e-mails can be read.
 */
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { fileContent } from "../../app/content/index.ts";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { ROOT } from "../support/server.ts";
import { headersOf, waitFor } from "../support/smtp.ts";
import { ownerOnAServerWithMail, PHONE_VIEW } from "./owner-support.ts";
import { expectNoViolations } from "./support.ts";

const OLD = fileContent.business.phone;
const NEW = { display: "01438 555123", e164: "+441438555123" };
const CUSTOMER = { name: "Harriet Reviewer", email: "harriet@example.org", address: "9 High Street, Harpenden" };
const REVIEW = "New valley gutter in a day, the old lead taken away, and the rain runs where it should now.";

type OwnServer = Awaited<ReturnType<typeof ownerOnAServerWithMail>>;
let smtp: OwnServer["smtp"];
let server: OwnServer["server"];
let origin: string;
let owner: Page;
let close: OwnServer["close"] | undefined;

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner runs his jobs and his site from his phone.");
  // The build's social pictures in the server's picture cache, as a server that has published
  // before keeps them: the review's publish draws none again, only the new number's are drawn.
  const dataDir = mkdtempSync(path.join(tmpdir(), "kestrel-test-"));
  const built = path.join(ROOT, "node_modules/.cache/social-images");
  if (existsSync(built)) cpSync(built, path.join(dataDir, "cache/social-images"), { recursive: true });
  ({ smtp, server, origin, owner, close } = await ownerOnAServerWithMail(browser, {}, dataDir));
});
test.afterAll(async () => {
  await close?.();
});

/** A request from the Harpenden page that the owner has won. */
function wonRequest(): number {
  const store = new LeadStore(path.join(server.dataDir, "leads.sqlite"));
  try {
    const lead = store.add({ form: "quote", page: "/areas/roofers-in-harpenden/", name: CUSTOMER.name, email: CUSTOMER.email, phone: "07700 900888", location: CUSTOMER.address, message: "The valley gutter leaks." }, { notify: false });
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    return lead.id;
  } finally {
    store.close();
  }
}

const toCustomer = () => smtp.messages.filter((m) => m.to.includes(CUSTOMER.email));

/** A public page as a visitor gets it, with every tel: link it has. */
async function pageOf(pagePath: string) {
  const html = (await (await fetch(`${origin}${pagePath}`)).text()).replaceAll("&#x27;", "'");
  return { html, calls: [...html.matchAll(/href="tel:([^"]+)"/g)].map((m) => m[1]) };
}

test("Job done asks first and sends after Yes; the review goes live in one tap while the new phone number waits as a draft, and the draft keeps it", async ({ browser }) => {
  const id = wonRequest();

  await owner.goto(`${origin}/admin/requests/${id}`);
  await owner.getByRole("link", { name: "Job done" }).click();
  await expect(owner).toHaveURL(`${origin}/admin/requests/${id}/job-done`);
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText(`Mark the job done and ask ${CUSTOMER.name} for a review?`);
  await expect(owner.getByText(CUSTOMER.address)).toBeVisible();
  await expect(owner.getByRole("link", { name: "No, go back to the request" })).toHaveAttribute("href", `/admin/requests/${id}`);
  await expectNoViolations(owner);
  expect(toCustomer(), "nothing is e-mailed before Yes").toHaveLength(0);

  await owner.getByRole("button", { name: "Yes, send the review request" }).click();
  await expect(owner).toHaveURL(`${origin}/admin/requests/${id}?saved=job-done`);
  await expect(owner.getByRole("status")).toHaveText("Job done: the customer has been asked for a review.");
  const mail = await waitFor(() => toCustomer()[0]);
  expect(headersOf(mail.raw).get("subject")).toMatch(/^How did we do\?/);
  const link = new URL(/https?:\/\/\S+\/review\/[\w-]{43}/.exec(mail.raw.replace(/=\r?\n/g, ""))![0]).pathname;

  await test.step("the customer leaves a review through the e-mail's link", async () => {
    const customer = await browser.newContext({ ...PHONE_VIEW, javaScriptEnabled: false });
    const form = await customer.newPage();
    await form.goto(`${origin}${link}`);
    await form.getByRole("radio", { name: "4 stars" }).check();
    await form.getByLabel("Your review *").fill(REVIEW);
    await form.getByRole("checkbox", { name: /You may show my review/ }).check();
    await form.getByRole("button", { name: "Send my review" }).click();
    await expect(form.getByRole("heading", { level: 1, name: "Thank you for your review" })).toBeVisible();
    await customer.close();
  });

  await test.step("the owner saves a new phone number as a draft", async () => {
    await owner.goto(`${origin}/admin/site/contact`);
    await owner.getByLabel("Phone number", { exact: true }).fill(NEW.display);
    await owner.getByRole("button", { name: "Save draft" }).click();
    await expect(owner.getByRole("status")).toContainText("Draft saved");
  });

  await test.step("Publish on the review puts it live at once; the draft's number stays a draft on every page checked", async () => {
    await owner.goto(`${origin}/admin/reviews`);
    const review = owner.getByRole("listitem").filter({ hasText: REVIEW });
    await expect(review.getByLabel("Town")).toHaveValue("harpenden");
    await review.getByRole("button", { name: "Publish" }).click();
    await expect(owner.getByRole("status")).toContainText("Published: the review is on your site now");
    await expect(owner.getByRole("listitem").filter({ hasText: REVIEW })).toContainText("On your site.");

    for (const pagePath of ["/gallery", "/", "/contact"]) {
      const { html, calls } = await pageOf(pagePath);
      if (pagePath !== "/contact") expect(html, `${pagePath} shows the review`).toContain(REVIEW);
      expect(calls.length, pagePath).toBeGreaterThan(0);
      expect(new Set(calls), `${pagePath} calls the old number only`).toEqual(new Set([OLD.e164]));
      expect(html, pagePath).not.toContain(NEW.display);
    }
  });

  await test.step("publishing the draft keeps the review and brings the new number", async () => {
    await owner.goto(`${origin}/admin/site`);
    // The draft's changes: only the number; the review is live already, so not among them.
    await expect(owner.getByRole("region", { name: "Your draft" }).getByRole("listitem")).toHaveText([`Phone number: ${OLD.display} → ${NEW.display}, on all 53 pages`]);
    await owner.getByRole("button", { name: "Publish" }).click();
    await expect(owner.getByRole("status")).toContainText("Live ✓");
    const { html, calls } = await pageOf("/gallery");
    expect(html).toContain(REVIEW);
    expect(new Set(calls)).toEqual(new Set([NEW.e164]));
  });
});
