import { chromium } from "playwright-core";
import { signedInOwner, openStore } from "../tests/support/owner.ts";
import { addNote } from "../app/lib/owner/inbox.server.ts";
const dir = "/tmp/admin-try";
const store = openStore(dir);
const pages = ["/", "/contact", "/areas/roofers-in-watford/", "/roof-repairs-in-stevenage"];
for (let i = 0; i < 8; i++) store.add({ form: i % 2 ? "contact" : "quote", page: pages[i % 4]!, name: `Person Number${i}`, email: `p${i}@example.org`, phone: "07700 900111", location: i % 2 ? "SG1 1AA" : "3 High Street, Hitchin", message: "Roof leaking near the chimney, please call." }, { notify: i === 3, now: new Date(Date.now() - i * 5_000_000) });
addNote(store, 1, "Called, no answer.", "Dave's phone");
store.close();
const { token } = signedInOwner(dir, "Dave's phone");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const width of [390, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await ctx.addCookies([{ name: "__Host-kestrel-owner", value: token, domain: "localhost", path: "/", secure: true, httpOnly: true, sameSite: "Lax" }]);
  const page = await ctx.newPage();
  for (const [name, path] of [["inbox", "/admin"], ["request", "/admin/requests/4"], ["sources", "/admin/sources"], ["passkeys", "/admin/passkeys"]]) {
    await page.goto(`http://localhost:3291${path}`);
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
