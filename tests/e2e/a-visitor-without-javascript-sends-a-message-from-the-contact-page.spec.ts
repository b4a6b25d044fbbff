/**
 * The contact page's form with JavaScript off: the server checks it with the same rules and
 * messages as the browser (spec §5), keeps what the visitor typed, and once the request is
 * stored sends the browser on to the chat app (spec §7, DECISIONS.md item 4).
 */
import { expect, test } from "@playwright/test";
import {
  chatText,
  contactForm,
  CONTACT_ERRORS,
  expectFieldError,
  fakeChatApp,
  expectStoredContact,
  uniqueName,
  VALID_CONTACT,
  type ContactFieldName,
} from "./support.ts";

test.use({ javaScriptEnabled: false });

const FIELDS = ["name", "email", "phone", "postcode", "message"] as const;

/** Three rounds that between them bring up every message of spec §5; each sets one error per field. */
function rounds() {
  const byField = (field: ContactFieldName) => CONTACT_ERRORS.filter((c) => c.field === field);
  const out: { values: Record<ContactFieldName, string>; errors: Partial<Record<ContactFieldName, string>> }[] = [];
  for (let round = 0; round < 3; round++) {
    const values = { ...VALID_CONTACT };
    const errors: Partial<Record<ContactFieldName, string>> = {};
    for (const field of FIELDS) {
      const error = byField(field)[round];
      if (!error) continue;
      values[field] = error.value;
      errors[field] = error.message;
    }
    out.push({ values, errors });
  }
  return out;
}

test("invalid fields come back from the server with the spec's messages under them and the typed values kept", async ({ page, context }) => {
  const chats = await fakeChatApp(context);
  await page.goto("/contact");
  const f = contactForm(page);

  for (const [round, { values, errors }] of rounds().entries()) {
    for (const field of FIELDS) await f[field].fill(values[field]);
    const answered = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
    await f.send.click();
    await answered;
    await page.waitForLoadState();
    await expect(page).toHaveURL("/contact#contact-form");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get In Touch");
    // The answer should come back where the visitor was, at the form (as the quote form does
    // with #contact); soft, so the messages and values below are still checked.
    if (round === 0) {
      const first = FIELDS.find((field) => errors[field])!;
      await expect.soft(page.getByText(errors[first]!, { exact: true }), "the first message is on screen without scrolling").toBeInViewport();
    }

    for (const field of FIELDS) {
      await expect(f[field], `the typed ${field} is kept`).toHaveValue(values[field]);
      const message = errors[field];
      if (message) await expectFieldError(page, f[field], message);
      else await expect(f[field]).not.toHaveAttribute("aria-invalid", "true");
    }
  }
  expect(chats, "no chat was opened").toEqual([]);
});

test("a valid message is stored and the browser goes on to the chat app with the request typed in", async ({ page, context }, info) => {
  const chats = await fakeChatApp(context);
  await page.goto("/contact");
  const f = contactForm(page);
  const sent = {
    name: uniqueName(info, "Contact no-JS"),
    email: `contact.nojs.${info.project.name}@example.co.uk`,
    phone: "07700 900789",
    postcode: "AL1 3AB",
    message: "Flat roof over the kitchen is pooling water; could you take a look?",
  };
  await f.name.fill(`  ${sent.name}  `);
  await f.email.fill(sent.email);
  await f.phone.fill(` ${sent.phone} `);
  await f.postcode.fill(sent.postcode);
  await f.message.fill(`${sent.message}   `);
  await f.send.click();

  await page.waitForURL(/^https:\/\/wa\.me\//);
  await expect(page.getByText("Chat app"), "the stand-in chat app answered, nothing left the machine").toBeVisible();
  expect(chats, "one chat opened").toHaveLength(1);
  const text = chatText(page.url());
  expect(text.startsWith("New Contact Request"), `chat text starts "New Contact Request": ${text}`).toBe(true);
  for (const value of Object.values(sent)) expect(text).toContain(value);
  expect(text, "trimmed").not.toContain(`${sent.name}  `);
  expect(text, "trimmed").not.toContain(`${sent.message}   `);

  await expectStoredContact(sent);
});
