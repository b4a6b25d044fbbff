/**
 * The quote form on the home page, a service page and a town page (spec §5, §8; DECISIONS.md
 * items 3 and 16: every landing page carries the form, so the visitor asks where they read):
 * the browser's own checks for the four required fields, then a thank-you notice, an empty
 * form, and the request kept in the store. The pages carry no script, so the form behaves the
 * same with JavaScript on or off.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { onlyIn, referenceOfLead, storedLead, uniqueName, withReference } from "./support.ts";

const THANKS = "Thank you! We'll get back to you within 24 hours.";

const PAGES = [
  { path: "/", address: "" },
  { path: "/guttering-fascias-in-stevenage", address: "12 Fairlands Way, Stevenage SG1 1AA" },
  { path: "/areas/roofers-in-hitchin/", address: "3 Bancroft, Hitchin SG5 1JW" },
];

function fields(page: Page) {
  const form = page.getByRole("form", { name: "Request your free quote" });
  return {
    form,
    name: form.getByLabel("Your Name"),
    email: form.getByLabel("Email Address"),
    phone: form.getByLabel("Phone Number"),
    address: form.getByLabel("Property Address"),
    message: form.getByLabel("Project Description"),
    send: form.getByRole("button", { name: "Get My Free Quote" }),
  };
}

function request(testInfo: TestInfo, path: string) {
  const name = uniqueName(testInfo, "Quote");
  return {
    name,
    email: `quote.${testInfo.project.name}@example.co.uk`,
    phone: "07700 900456",
    message: `Please quote for new gutters along the front and back (${path}).`,
  };
}

async function sendAndCheck(page: Page, testInfo: TestInfo, path: string, address: string) {
  const f = fields(page);
  const sent = request(testInfo, path);
  await f.name.fill(sent.name);
  await f.email.fill(sent.email);
  await f.phone.fill(sent.phone);
  await f.address.fill(address);
  await f.message.fill(sent.message);
  await f.send.click();

  const notice = page.getByRole("status").filter({ hasText: THANKS });
  await expect(notice).toBeVisible();
  await expect(notice, "the notice, word for word, with the request's reference under it").toHaveText(withReference(THANKS, referenceOfLead(sent.name)));
  await expect(notice, "the page comes back at the form, so the visitor sees the notice").toBeInViewport();
  expect(new URL(page.url()).pathname, "the visitor stays on the page they asked from").toBe(path);
  for (const field of [f.name, f.email, f.phone, f.address, f.message]) await expect(field).toHaveValue("");

  expect(await storedLead(sent.name)).toEqual({
    form: "quote",
    page: path,
    name: sent.name,
    email: sent.email,
    phone: sent.phone,
    location: address,
    message: sent.message,
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, address } of PAGES) {
    test(`on ${path} the form needs a name, an e-mail, a phone number and a description, and sends nothing until they are filled in`, async ({ page }, info) => {
      await page.goto(`${path}#contact`);
      const f = fields(page);
      for (const field of [f.name, f.email, f.phone, f.message]) await expect(field).toHaveAttribute("required", "");
      await expect(f.address).not.toHaveAttribute("required");
      await expect(f.email).toHaveAttribute("type", "email");
      await expect(f.phone).toHaveAttribute("type", "tel");
      await expect(f.message).toHaveAttribute("rows", "6");

      const posts: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST") posts.push(r.url());
      });
      // An empty form: the browser stops it at the first required field and sends nothing.
      await f.send.click();
      await expect(f.name, "the empty name stops the form").toBeFocused();
      for (const [label, field] of [["name", f.name], ["email", f.email], ["phone", f.phone], ["description", f.message]] as const) {
        expect(await field.evaluate((el: HTMLInputElement) => el.validity.valueMissing), `the empty ${label} is missing`).toBe(true);
      }
      expect(await f.address.evaluate((el: HTMLInputElement) => el.validity.valid), "an empty address is fine").toBe(true);
      // Filled in except the description: still stopped, now at the description.
      await f.name.fill("Sam T");
      await f.email.fill("sam@example.com");
      await f.phone.fill("07700 900456");
      await f.send.click();
      await expect(f.message, "the empty description stops the form").toBeFocused();
      await expect(page).toHaveURL(`${path}#contact`);
      expect(posts, "nothing was sent").toEqual([]);

      // The address can stay empty (home) or be given (the other pages): both go through.
      await sendAndCheck(page, info, path, address);
    });
  }
});

test.describe("with JavaScript", () => {
  onlyIn("desktop", "The page has no script of its own: one run with JavaScript on is enough.");

  test("on the home page a filled-in request shows the thank-you notice, empties the form and is stored", async ({ page }, info) => {
    await page.goto("/#contact");
    await sendAndCheck(page, info, "/", "");
  });
});
