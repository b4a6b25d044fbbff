/**
 * The contact page's form with JavaScript (spec §4, §5, §7, §8; DECISIONS.md item 4): the
 * browser checks each field with the messages of §5, then opens the chat app in a new tab with
 * the request typed in, records the request on the server, thanks the visitor and clears the
 * form. The chat app is never reached: wa.me is answered inside the browser.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  chatText,
  contactForm,
  CONTACT_ERRORS,
  expectFieldError,
  expectFieldFine,
  fakeChatApp,
  expectStoredContact,
  referenceOfLead,
  storedLead,
  withReference,
  TEL_HREF,
  uniqueName,
  VALID_CONTACT,
  waitForHydration,
  type ContactFieldName,
} from "./support.ts";

const SENT = "Thank you! Your message has been sent. We'll contact you soon.";
const FAILED = "Something went wrong. Please try calling us directly.";

/** Opens the contact page and waits until its script runs the form. */
async function openContactPage(page: Page) {
  const posts: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });
  // A script error, a hydration mismatch or a blocked script would show here.
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/contact");
  const f = contactForm(page);
  await waitForHydration(f.form);
  return { f, posts, errors };
}

const FIELDS = ["name", "email", "phone", "postcode", "message"] as const;

async function fillContact(page: Page, values: Record<ContactFieldName, string>) {
  const f = contactForm(page);
  for (const field of FIELDS) await f[field].fill(values[field]);
}

test("each invalid field is stopped in the browser with its message from spec §5 under it, and nothing is sent", async ({ page, context }) => {
  const opened = await fakeChatApp(context);
  const { f, posts, errors } = await openContactPage(page);
  await fillContact(page, VALID_CONTACT);
  for (const field of FIELDS) {
    const cases = CONTACT_ERRORS.filter((c) => c.field === field);
    await test.step(`${field}: ${cases.map((c) => `"${c.message}"`).join(", ")}`, async () => {
      for (const { value, message } of cases) {
        await f[field].fill(value);
        await f.send.click();
        await expectFieldError(page, f[field], message);
        for (const other of FIELDS.filter((name) => name !== field)) await expectFieldFine(f[other]);
        await expect(f[field], "the visitor is taken to the field to correct").toBeFocused();
      }
      // Correcting the field clears its message as the visitor types.
      await f[field].fill(VALID_CONTACT[field]);
      await expectFieldFine(f[field]);
      await expect(page.getByText(cases.at(-1)!.message, { exact: true })).toBeHidden();
    });
  }
  expect(posts, "nothing was sent while a field was invalid").toEqual([]);
  expect(opened, "no chat was opened").toEqual([]);
  await expect(page).toHaveURL("/contact");
  expect(errors, "no errors in the console").toEqual([]);
});

test("a valid message opens the chat app with the request typed in, shows Sending... while it is recorded, then thanks the visitor and clears the form", async ({ page, context }, info) => {
  await fakeChatApp(context);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const recorded: string[] = [];
  await page.route("**/api/contact", async (route) => {
    recorded.push(route.request().postData() ?? "");
    await held;
    await route.continue();
  });

  const { f, posts, errors } = await openContactPage(page);
  const sent = {
    name: uniqueName(info, "Contact JS"),
    email: `contact.js.${info.project.name}@example.co.uk`,
    phone: "+44 (1438) 123-456",
    postcode: "SG1 1AA",
    message: "Two slipped tiles & a leak over the porch, 50% worse after the storm.",
  };
  // Spaces around every value: the rules and the chat use the trimmed text (spec §5).
  await fillContact(page, { name: `   ${sent.name}   `, email: `  ${sent.email}  `, phone: `  ${sent.phone}  `, postcode: ` ${sent.postcode}   `, message: `\n  ${sent.message}   ` });

  const [chat] = await Promise.all([context.waitForEvent("page"), f.send.click()]);
  await chat.waitForURL(/^https:\/\/wa\.me\//);
  await expect(chat.getByText("Chat app"), "the stand-in chat app answered, nothing left the machine").toBeVisible();
  const text = chatText(chat.url());
  expect(text.startsWith("New Contact Request"), `chat text starts "New Contact Request": ${text}`).toBe(true);
  for (const value of Object.values(sent)) {
    expect(text).toContain(value);
    expect(text, "the value is trimmed").not.toContain(`   ${value}`);
    expect(text, "the value is trimmed").not.toContain(`${value}   `);
  }

  // The request to record it is held: the button says so and cannot be pressed again.
  const busy = f.form.getByRole("button", { name: "Sending..." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  await expect.poll(() => recorded.length).toBe(1);
  release();

  await storedLead(sent.name);
  await expect(page.getByRole("status")).toHaveText(withReference(SENT, referenceOfLead(sent.name)));
  await expect(f.send).toBeEnabled();
  for (const field of FIELDS) await expect(f[field]).toHaveValue("");
  expect(posts, "the script recorded it; the form was not posted as a page").toEqual(["/api/contact"]);
  expect(errors, "no errors in the console").toEqual([]);

  await expectStoredContact(sent);
});

test("when the browser will not open the chat tab, the visitor is asked to call instead, and the request is kept", async ({ page, context }, info) => {
  const opened = await fakeChatApp(context);
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const { f } = await openContactPage(page);
  const request = { ...VALID_CONTACT, name: uniqueName(info, "Blocked Tab") };
  await fillContact(page, request);
  await f.send.click();
  // Spec §8 gives the exact words; a way to call may follow them.
  const notice = page.getByRole("status");
  await expect(notice).toContainText(FAILED);
  await expect(notice.getByRole("link", { name: /07700 900123/ })).toHaveAttribute("href", TEL_HREF);
  await expect(f.send).toBeEnabled();
  expect(opened).toEqual([]);
  expect((await storedLead(request.name)).form).toBe("contact");
});
