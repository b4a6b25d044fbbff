/**
 * The owner changes his phone number on Your site's contact page (/admin/site/contact) through the
 * real server: a draft, a preview
 * only he sees, a publish that puts it on every public page (header, tel: link, structured data,
 * the chat hand-off, which follows the phone) and into what the server makes afterwards (the
 * contact page's answer, the acknowledgement e-mail, the rate-limit page), and survives a
 * restart; and an Undo that brings the old number back. Bank details and an invoice address
 * published with it are in no public page, data answer, published file or export. Each short page
 * saves only its own facts, beside what another page saved. A schema error, markup in the phone and a link that is not the
 * network's or Google's are shown at their field and nothing is saved; a save from a stale page
 * is refused; everything is refused signed out and from another origin.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aliasPaths, canonicalPaths, fileContent } from "~/content/index.ts";
import { factValues } from "~/lib/site/facts-form.ts";
import { invoicingValues } from "~/lib/site/invoicing-form.ts";
import { openStore, signedInOwner } from "../support/owner.ts";
import { CONTACT, postForm, startServer, type RunningServer } from "../support/server.ts";
import { startSmtp, waitFor } from "../support/smtp.ts";

const OLD = { display: fileContent.business.phone.display, e164: fileContent.business.phone.e164 };
const NEW = { display: "01438 555123", e164: "+441438555123" };

/** Bank details and an invoice address no public page may carry, in every spelling one could. */
const BANK = { "account-name": "Zephyrine Slate Holdings", "sort-code": "60 16 13", "account-number": "31926819", "card-link": "https://pay.example.com/zq-card-link", "postal-address": "7 Quillfeather Yard\nStevenage\nSG1 9ZZ" };
const BANK_SPELLINGS = ["Zephyrine", "60-16-13", "60 16 13", "601613", "31926819", "3192 6819", "zq-card-link", "Quillfeather"];

function expectNoBankDetails(text: string, where: string) {
  for (const spelling of BANK_SPELLINGS) expect(text, `${where}: ${spelling}`).not.toContain(spelling);
}

/** Every file under `dir`, as text: a published version's pages, sitemap, robots.txt and pictures. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

/** The old number in every spelling a page or a link could carry it. */
const OLD_SPELLINGS = [OLD.display, OLD.display.replaceAll(" ", ""), OLD.e164, OLD.e164.slice(1)];

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let cookie: string;
/** E-mail set up, so what the server sends after a publish can be read. */
const serverEnv = () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "office@example.com" });

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer(serverEnv());
  cookie = signedInOwner(server.dataDir).cookie;
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const owner = (path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
const page = async (path: string) => (await fetch(`${server.url}${path}`)).text();
/** The draft revision a short page was made from. */
const revisionOf = async (page = "/admin/site/contact") => Number(/name="from" value="(\d+)"/.exec(await (await owner(page)).text())![1]);
/** The facts as the short pages show them, with some fields changed (each page reads only its own). */
const factsForm = (changes: Record<string, string>, from: number) => ({ from: String(from), ...factValues(fileContent.business), ...invoicingValues(fileContent.invoicing), ...changes });
/** A post to a page of Your site: the overview's Publish, or a short page's save. */
const post = (fields: Record<string, string>, headers: Record<string, string> = {}, page = "/admin/site") => postForm(server, page, fields, { Cookie: cookie, ...headers });
const save = (page: string, changes: Record<string, string>, from: number, headers: Record<string, string> = {}) => post(factsForm(changes, from), headers, `/admin/site/${page}`);

function expectNumber(html: string, phone: typeof OLD, path: string) {
  expect(html, `${path}: the number as read`).toContain(phone.display);
  expect(html, `${path}: the call link`).toContain(`href="tel:${phone.e164}"`);
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("\n");
  expect(ld, `${path}: the structured data`).toContain(`"telephone":"${phone.e164}"`);
}

function expectNoOldNumber(text: string, where: string) {
  for (const spelling of OLD_SPELLINGS) expect(text, `${where}: ${spelling}`).not.toContain(spelling);
}

describe("changing the phone number", { timeout: 90_000 }, () => {
  it("saves a draft that only the owner's preview shows", async () => {
    const saved = await save("contact", { phone: NEW.display }, await revisionOf());
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/site/contact?saved");
    const contact = await (await owner("/admin/site/contact?saved")).text();
    expect(contact).toContain("Draft saved");
    expect(contact, "the page's bar publishes the draft it shows").toMatch(/<form action="\/admin\/site" method="post">(<input type="hidden" name="once" value="[A-Za-z0-9_-]{22}"\/>)?<input type="hidden" name="intent" value="publish"\/><input type="hidden" name="from" value="1"\/>/);
    const site = await (await owner("/admin/site")).text();
    expect(site).toContain(`Phone number: ${OLD.display} → ${NEW.display}, on all ${canonicalPaths().length + aliasPaths().length} pages`);

    expectNumber(await page("/contact"), OLD, "/contact");
    const preview = await owner("/admin/site/preview/contact");
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(preview.headers.get("x-robots-tag")).toContain("noindex");
    const previewed = await preview.text();
    expectNumber(previewed, NEW, "preview of /contact");
    expect(previewed).toContain('href="/admin/site/preview/services"');
    expect((await fetch(`${server.url}/admin/site/preview/contact`, { redirect: "manual" })).status, "signed out: no preview").toBe(303);
  });

  it("keeps bank details and an invoice address in the same draft, shown only to the owner", async () => {
    const saved = await save("invoicing", BANK, await revisionOf());
    expect(saved.status, await saved.clone().text()).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/site/invoicing?saved");
    const shown = await (await owner("/admin/site/invoicing")).text();
    expect(shown, "the sort code as it is kept").toContain('value="60-16-13"');
    expect(shown).toContain("7 Quillfeather Yard\nStevenage\nSG1 9ZZ");
    const site = (await (await owner("/admin/site")).text()).replaceAll("<!-- -->", "");
    expect(site).toContain("Sort code: none → 60-16-13, on invoices only");
    expect(site, "the example address is replaced").not.toContain("The postal address for invoices, Unit 0");
    expectNoBankDetails(await (await owner("/admin/site/preview/contact")).text(), "the preview");
  });

  it("publishes it to every public page in one step, and says Live", async () => {
    const published = await post({ intent: "publish", from: String(await revisionOf()) });
    expect(published.status).toBe(303);
    const location = published.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/site\?published=1&ms=\d+$/);
    expect((await (await owner(location)).text()).replaceAll("<!-- -->", "")).toMatch(/Live ✓ [^<]*: version 1 is on every page/);
    for (const path of [...canonicalPaths(), ...aliasPaths()]) {
      const html = (await page(path)).replaceAll("<!-- -->", "");
      expectNumber(html, NEW, path);
      expect(html, `${path}: the social picture's words`).toMatch(new RegExp(`<meta property="og:image:alt" content="[^"]*, call ${NEW.display}"`));
      expectNoOldNumber(html, path);
      expectNoBankDetails(html, path);
      expectNoBankDetails(await page(`${path === "/" ? "/_" : path.replace(/\/$/, "")}.data`), `${path}: its data file`);
    }
    const notFound = await page("/no-such-page");
    expect(notFound).toContain(`href="tel:${NEW.e164}"`);
    expectNoOldNumber(notFound, "the not-found page");
    expectNoBankDetails(notFound, "the not-found page");
    for (const path of ["/sitemap.xml", "/robots.txt"]) expectNoBankDetails(await page(path), path);
    // Every file the publish wrote (pages, structured data, sitemap, the social pictures' files).
    const written = filesUnder(path.join(server.dataDir, "site"));
    expect(written.length).toBeGreaterThan(canonicalPaths().length);
    for (const file of written) expectNoBankDetails(readFileSync(file, "latin1"), path.relative(server.dataDir, file));
  });

  it("moves the chat hand-off with it: the number the script reads, and the answer without JavaScript", async () => {
    expect(await page("/contact")).toContain(`data-chat-number="${NEW.e164.slice(1)}"`);
    const answer = await postForm(server, "/contact", { ...CONTACT, email: "after-publish@example.org" });
    expect(answer.status).toBe(200);
    const html = (await answer.text()).replaceAll("&amp;", "&");
    expect(html).toContain(`href="https://wa.me/${NEW.e164.slice(1)}?text=`);
    expect(html).toContain(`url=https://wa.me/${NEW.e164.slice(1)}?text=`);
    expectNoOldNumber(html, "the contact page's answer");
    expectNoBankDetails(html, "the contact page's answer");
    // The form's answer as data, the one public answer that carries every loader's data (the root's business facts).
    const answered = await postForm(server, "/contact.data", { ...CONTACT, email: "after-publish-data@example.org" });
    expect(answered.status).toBe(200);
    const payload = await answered.text();
    expect(payload, "the data answer is the published content's").toContain(NEW.e164.slice(1));
    expectNoBankDetails(payload, "the contact form's data answer");
  });

  it("is in the acknowledgement e-mail sent after the publish", async () => {
    const ack = await waitFor(() => smtp.messages.find((mail) => mail.to.includes("after-publish@example.org")));
    const text = ack.raw.replace(/=\r?\n/g, "");
    expect(text).toContain(`Call ${NEW.display}`);
    expectNoOldNumber(text, "the acknowledgement");
  });

  it("is on the page a visitor over the form limit sees", async () => {
    let refused: Response | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const response = await postForm(server, "/contact", {});
      if (response.status === 429) refused = response;
    }
    expect(refused, "the form limit was reached").toBeDefined();
    const html = await refused!.text();
    expect(html).toContain(`<a href="tel:${NEW.e164}">${NEW.display}</a>`);
    expectNoOldNumber(html, "the rate-limit page");
  });

  it("is exported as the same content files, for a developer to commit", async () => {
    const { run } = await import("../../scripts/content.ts");
    const dir = mkdtempSync(path.join(tmpdir(), "export-"));
    const before = process.env.DATA_DIR;
    process.env.DATA_DIR = server.dataDir;
    try {
      let said = "";
      expect(run(["export", dir], (text) => (said += text))).toBe(0);
      expect(said).toContain("Version 1");
      const business = JSON.parse(readFileSync(path.join(dir, "business.json"), "utf8")) as { phone: unknown; name: string };
      expect(business.phone).toEqual(NEW);
      expect(business.name).toBe(fileContent.business.name);
      expect(readdirSync(dir).sort(), "no invoicing file: the bank details stay on the server").toEqual(["areas.json", "business.json", "gallery.json", "regions.json", "services.json", "testimonials.json"]);
      for (const file of readdirSync(dir)) expectNoBankDetails(readFileSync(path.join(dir, file), "utf8"), `the export's ${file}`);
      expectNoBankDetails(said, "what the export says");
    } finally {
      process.env.DATA_DIR = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is still live after a restart", async () => {
    await server.stop();
    server = await startServer(serverEnv(), server.dataDir);
    expectNumber(await page("/"), NEW, "/ after restart");
  });

  it("Undo asks first, then brings the old number back, as a draft to publish", async () => {
    const from = await revisionOf();
    const undo = (fields: Record<string, string>) => post(fields, {}, "/admin/site/versions");
    const asked = await undo({ intent: "restore", version: "0", from: String(from) });
    expect(asked.status, "an Undo without the question's answer only asks").toBe(303);
    expect(asked.headers.get("location")).toBe("/admin/site/versions?undo=0#undo-question");
    expect(await revisionOf(), "the draft is as it was").toBe(from);
    const question = (await (await owner("/admin/site/versions?undo=0")).text()).replaceAll("<!-- -->", "");
    expect(question).toContain("Your draft will be replaced by the facts the site was built with. The live site changes only when you publish.");
    expect(question).toContain("Yes, go back to this version");
    const undone = await undo({ intent: "restore", version: "0", confirmed: "version-0", from: String(from) });
    expect(undone.status, await undone.clone().text()).toBe(303);
    expect(undone.headers.get("location")).toBe("/admin/site?restored");
    expectNumber(await page("/"), NEW, "/ before the undo is published");
    await post({ intent: "publish", from: String(await revisionOf()) });
    expectNumber(await page("/"), OLD, "/ after the undo");
    expectNumber(await page("/areas/roofers-in-hitchin/"), OLD, "a town page after the undo");
    const history = (await (await owner("/admin/site/versions")).text()).replaceAll("<!-- -->", "");
    expect(history).toContain("Version 2");
    expect(history).toContain("Version 1");
  });
});

describe("a closure notice", () => {
  const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

  it("shows under every page's header until its last day is over, then goes by itself", { timeout: 120_000 }, async () => {
    const saved = await save("hours", { "closure-message": "Closed for Christmas: we reopen on Monday", "closure-until": today() }, await revisionOf());
    expect(saved.status).toBe(303);
    await post({ intent: "publish", from: String(await revisionOf()) });
    for (const path of ["/", "/contact", "/areas/roofers-in-hitchin/"]) {
      const html = (await page(path)).replaceAll("<!-- -->", "");
      expect(html, path).toMatch(/aria-label="Closure notice"[^>]*><p[^>]*><strong>Closed until the end of [A-Za-z]+ \d+ [A-Za-z]+:<\/strong> Closed for Christmas: we reopen on Monday\./);
    }
    // The day is over (the version's last day moved into the past), and the server starts again.
    await server.stop();
    const store = openStore(server.dataDir);
    const row = store.db.prepare("SELECT id, edits FROM site_versions ORDER BY id DESC LIMIT 1").get() as { id: number; edits: string };
    const edits = JSON.parse(row.edits) as { business: { closure: { until: string } } };
    edits.business.closure.until = "2020-01-01";
    store.db.prepare("UPDATE site_versions SET edits = ? WHERE id = ?").run(JSON.stringify(edits), row.id);
    store.close();
    server = await startServer({}, server.dataDir);
    expect(await page("/")).not.toContain("Closure notice");
  });

  it("refuses a last day in the past, at its field", async () => {
    const response = await save("hours", { "closure-message": "Closed", "closure-until": "2020-01-01" }, await revisionOf());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Must be today or later");
  });
});

describe("the short pages", () => {
  it("and the overview say everything in words: no file names, commands, {placeholders} or computer times", async () => {
    for (const page of ["/admin/site", "/admin/site/contact", "/admin/site/hours", "/admin/site/promises", "/admin/site/social", "/admin/site/invoicing", "/admin/site/versions", "/admin/site/texts?page=services:roof-repairs", "/admin/site/texts?page=areas:hitchin"]) {
      const words = (await (await owner(page)).text()).replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, " ");
      expect(words, page).not.toMatch(/\.json|npm |\{\w+\}|\d{4}-\d{2}-\d{2}|experienceYears|googleReviewUrl|vatNumber/);
    }
  });

  it("each save only their own facts, beside what another page saved; the VAT number replaces HMRC's example", async () => {
    const before = await (await owner("/admin/site")).text();
    expect(before).toContain("The VAT number GB999999973 is HMRC&#x27;s example.");
    expect(before, "the placeholder links to its field").toContain('href="/admin/site/invoicing#site-vat"');
    expect((await save("invoicing", { vat: "gb 339 0727 47" }, await revisionOf())).headers.get("location")).toBe("/admin/site/invoicing?saved");
    // The contact page, posted every fact as it came with other pages' fields changed, saves only its own.
    expect((await save("contact", { email: "office@kestrel-roofing.co.uk", vat: "GB999999973", "hours-0-closed": "on" }, await revisionOf())).status).toBe(303);
    const site = (await (await owner("/admin/site")).text()).replaceAll("<!-- -->", "");
    expect(site).toContain("VAT number: GB999999973 → GB339072747, on quotes and invoices");
    expect(site).toContain("E-mail address: info@example.com → office@kestrel-roofing.co.uk, on all");
    expect(site, "the hours were not the contact page's to change").not.toContain("Opening hours:");
    expect(site).not.toContain("HMRC&#x27;s example");
    expect(site).not.toMatch(/business\.json|\{\w+\}/);
    expect((await post({ intent: "discard", from: String(await revisionOf()) })).headers.get("location")).toBe("/admin/site?discarded");
  });
});

describe("refusals", () => {
  it("shows a schema error at its field, keeps what was typed, and saves nothing", async () => {
    const before = await revisionOf();
    const response = await save("hours", { "hours-0-opens": "18:00", "hours-0-closes": "08:00", "closure-message": "Closed for the wedding" }, before);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="site-hours-0-closes"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="site-hours-0-closes"/);
    expect(html).toContain("Must be after the opening time");
    expect(html, "what was typed stays").toContain('value="Closed for the wedding"');
    expect(html).toMatch(/id="site-hours-0-opens"[^>]*value="18:00"|value="18:00"[^>]*id="site-hours-0-opens"/);
    expect(await revisionOf()).toBe(before);
  });

  it.each([
    ["contact", "phone", "<b>01438</b> 123456", "Enter a phone number such as 01438 555123"],
    ["social", "social-0", "javascript:alert(document.cookie)", "Must be your Facebook page&#x27;s address"],
    ["social", "social-1", "https://www.facebook.com/kestrelroofing", "Must be your X (Twitter) page&#x27;s address"],
    ["social", "google-review", "https://www.trustpilot.com/review/kestrelroofing", "Must be your Google review link"],
    ["invoicing", "vat", "GB 123", "Must be a UK VAT number such as GB123456789"],
    ["invoicing", "vat", "GB 999 9999 74", "Is not a VAT number HMRC gives: check each digit against your VAT certificate"],
    ["invoicing", "sort-code", "60 16 1", "Enter a sort code of 6 digits, such as 12-34-56"],
    ["invoicing", "account-number", "3192681", "Enter an account number of 8 digits"],
    ["invoicing", "payment-terms", "121", "Enter a whole number of days from 0 to 120"],
    ["invoicing", "card-link", "javascript:alert(document.cookie)", "Must be a link starting https://"],
  ])("on the %s page, refuses %s = %s at its field, and saves nothing", async (page, field, typed, message) => {
    const before = await revisionOf();
    const response = await save(page, { [field]: typed }, before);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`id="site-${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="site-${field}"`));
    expect(html).toContain(`<p id="site-${field}-error" class="field-error">${message}`);
    expect(await revisionOf()).toBe(before);
    const kept = new RegExp(`<input[^>]*id="site-${field}"[^>]*value="([^"]*)"`).exec(await (await owner(`/admin/site/${page}`)).text())!;
    expect(kept[1]!.replaceAll("&lt;", "<").replaceAll("&gt;", ">"), "the draft's field keeps what it held").not.toBe(typed);
  });

  it("refuses a save made from a page that is no longer the draft", async () => {
    const from = await revisionOf();
    expect((await save("contact", { email: "first@kestrel-roofing.co.uk" }, from)).status).toBe(303);
    const second = await save("promises", { "claims-insured": "Fully insured for public liability" }, from);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("Someone saved a newer draft on another device");
    expect(await (await owner("/admin/site/contact")).text()).toContain("first@kestrel-roofing.co.uk");
  });

  it("refuses everything signed out, and a post from another site", async () => {
    const from = String(await revisionOf());
    for (const [page, fields] of [["/admin/site/contact", factsForm({ email: "evil@example.net" }, Number(from))], ["/admin/site", { intent: "publish", from }]] as const) {
      const signedOut = await postForm(server, page, fields);
      expect(signedOut.status).toBe(303);
      expect(signedOut.headers.get("location")).toMatch(/^\/admin\/sign-in/);
      const forged = await post(fields, { Origin: "https://evil.example" }, page);
      expect(forged.status, "a post from another origin").toBeGreaterThanOrEqual(400);
    }
    for (const page of ["/admin/site", "/admin/site/contact", "/admin/site/hours", "/admin/site/promises", "/admin/site/social", "/admin/site/invoicing", "/admin/site/versions"]) {
      expect((await fetch(`${server.url}${page}`, { redirect: "manual" })).status, page).toBe(303);
    }
    expect(await (await owner("/admin/site/contact")).text()).not.toContain("evil@example.net");
  });
});
