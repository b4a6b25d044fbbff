/**
 * Issue 15 §4: removing a passkey asks for confirmation first, and the last passkey cannot be
 * removed from the owner's page at all: that would lock the owner out. The page says how to get
 * a new invite instead.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { listPasskeys } from "../../app/lib/owner/passkeys.server.ts";
import { postForm, startServer, type RunningServer } from "../support/server.ts";
import { openStore, signedInOwner } from "../support/owner.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

// React marks where text and values meet with empty comments: read the text as a person would.
const page = async (path: string, cookie: string) => (await (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "");
const passkeyIds = () => {
  const store = openStore(server.dataDir);
  try {
    return listPasskeys(store).map((p) => p.id);
  } finally {
    store.close();
  }
};

it("the only passkey offers no Remove, says how to get a new invite, and a forged removal is refused", async () => {
  const phone = signedInOwner(server.dataDir, "Only phone");
  const html = await page("/admin/passkeys", phone.cookie);
  expect(html).not.toContain('aria-label="Remove Only phone"');
  expect(html).toContain("This is your only passkey, so it cannot be removed");
  expect(html).toContain("ask whoever looks after your server for a new invite link");
  expect(await page(`/admin/passkeys?confirm=${phone.passkeyId}`, phone.cookie)).not.toContain("Remove passkey");

  const response = await postForm(server, "/admin/passkeys", { intent: "remove", id: String(phone.passkeyId) }, { Cookie: phone.cookie });
  expect(response.status).toBe(409);
  expect(await response.text()).toContain("ask whoever looks after your server for a new invite link");
  expect(passkeyIds()).toEqual([phone.passkeyId]);
});

it("with two passkeys, Remove first asks, Keep it changes nothing, and the confirmed removal goes through", async () => {
  const [phoneId] = passkeyIds();
  const laptop = signedInOwner(server.dataDir, "Laptop");
  const list = await page("/admin/passkeys", laptop.cookie);
  expect(list).toContain('aria-label="Remove Only phone"');
  expect(list, "Remove only asks: it is a plain link-like form").not.toContain("Remove passkey");

  const asking = await page(`/admin/passkeys?confirm=${phoneId}`, laptop.cookie);
  expect(asking).toContain("Remove Only phone? Every browser it signed in is signed out.");
  expect(asking).toContain("Remove passkey");
  expect(asking).toContain('href="/admin/passkeys"');
  expect(passkeyIds(), "asking removes nothing").toHaveLength(2);

  const response = await postForm(server, "/admin/passkeys", { intent: "remove", id: String(phoneId) }, { Cookie: laptop.cookie });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/admin/passkeys?removed");
  expect(passkeyIds()).toEqual([laptop.passkeyId]);
});
