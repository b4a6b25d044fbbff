/**
 * Issue 34 §2 for Your site's pages, on the real server: each form carries a once-only key made
 * when its page is rendered, and the form posted twice with that key (a reload, a phone sending
 * again after a lost answer) makes one change, writes the audit line of one change named with the
 * action, and gets the same answer both times.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { factValues } from "~/lib/site/facts-form.ts";
import { recordPhotoConsent } from "~/lib/photos/customer-photos.server.ts";
import { serverWithOwner, storedPhoto, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import { sidewaysPhoneJpeg } from "../support/pictures.ts";
import { postMultipart, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;

const post = (path: string, fields: [string, string][]) =>
  fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
const count = (sql: string, ...values: (string | number)[]) => withStore(server.dataDir, (store) => (store.db.prepare(sql).get(...values) as { n: number }).n);
const named = (name: string) => count("SELECT COUNT(*) AS n FROM audit WHERE action_name = ?", name);
const revision = () => count("SELECT coalesce(max(revision), 0) AS n FROM site_draft");

const pictures = () => count("SELECT COUNT(*) AS n FROM site_pictures");

/** The form posted twice with its one key (`send` posts it, as a browser would): both answers the same redirect. */
async function postTwice(path: string, fields: [string, string][], send = post) {
  expect(fields.some(([name]) => name === "once"), "the form carries its key").toBe(true);
  const answers: [number, string | null][] = [];
  for (let time = 1; time <= 2; time++) {
    const response = await send(path, fields);
    answers.push([response.status, response.headers.get("location")]);
  }
  expect(answers[1]).toEqual(answers[0]);
  return answers[0]!;
}

/** A draft waiting: the contact page saved with a new e-mail address. */
async function draftWaiting(email: string) {
  const fields = typeInto(formFields(await page("/admin/site/contact"), 'name="from"'), { ...factValues(fileContent.business), email });
  expect((await post("/admin/site/contact", fields)).status).toBe(303);
}

beforeAll(async () => {
  ({ server, cookie } = await serverWithOwner());
}, 90_000);
afterAll(() => server?.stop());

describe("Your site's forms posted twice with their key", () => {
  it("site.discard: the draft discarded once, one audit line, the same answer both times", async () => {
    await draftWaiting("discard@example.org");
    const before = named("site.discard");
    expect(await postTwice("/admin/site", formFields(await page("/admin/site"), 'value="discard"'))).toEqual([303, "/admin/site?discarded"]);
    expect(named("site.discard")).toBe(before + 1);
  });

  it("site.publish: published once, one version, one audit line naming it", async () => {
    await draftWaiting("publish@example.org");
    const versions = count("SELECT COUNT(*) AS n FROM site_versions");
    const [status, location] = await postTwice("/admin/site", formFields(await page("/admin/site"), 'value="publish"'));
    expect([status, location]).toEqual([303, expect.stringMatching(/^\/admin\/site\?published=\d+&ms=\d+$/)]);
    expect(count("SELECT COUNT(*) AS n FROM site_versions")).toBe(versions + 1);
    expect(named("site.publish")).toBe(1);
  });

  it("site.undo: the earlier version copied into the draft once", async () => {
    const fields = formFields(await page("/admin/site/versions?undo=0"), "Yes, go back to this version");
    const from = revision();
    expect(await postTwice("/admin/site/versions", fields)).toEqual([303, "/admin/site?restored"]);
    expect(revision()).toBe(from + 1);
    expect(named("site.undo")).toBe(1);
  });

  it("site.texts: the page's words saved once", async () => {
    const path = "/admin/site/texts?page=areas:hitchin";
    const fields = formFields(await page(path), 'name="from"');
    const from = revision();
    expect(await postTwice(path, fields)).toEqual([303, "/admin/site/texts?page=areas:hitchin&saved"]);
    expect(revision()).toBe(from + 1);
    expect(named("site.texts")).toBe(1);
  });

  it("testimonials.save: a new testimonial added once", async () => {
    const path = "/admin/site/testimonials";
    const shown = async () => Number(/name="count" value="(\d+)"/.exec(await page(path))![1]);
    const before = await shown();
    const fields = typeInto(formFields(await page(path), 'name="count"'), { "t-new-name": "Jo Bloggs", "t-new-location": "hitchin", "t-new-text": "Quick and tidy, and the roof has been dry since." });
    expect(await postTwice(path, fields)).toEqual([303, `${path}?saved`]);
    expect(await shown()).toBe(before + 1);
    expect(named("testimonials.save")).toBe(1);
  });

  it("gallery.save: the projects saved once", async () => {
    const path = "/admin/site/gallery";
    const from = revision();
    expect(await postTwice(path, formFields(await page(path), 'value="save"'))).toEqual([303, `${path}?saved`]);
    expect(revision()).toBe(from + 1);
    expect(named("gallery.save")).toBe(1);
  });

  it("gallery.add: a project and its phone photo added once, the photo made once", async () => {
    const path = "/admin/site/gallery";
    const fields = typeInto(formFields(await page(path), 'value="add"'), {
      "new-title": "Porch roof in Hitchin",
      "new-category": "Repairs",
      "new-town": "hitchin",
      "new-description": "The porch's felt roof replaced in a morning.",
      "new-alt-0": "A new porch roof over a red front door",
    });
    const photo = { name: "IMG_0100.jpg", bytes: await sidewaysPhoneJpeg(900, 600) };
    const [from, made] = [revision(), pictures()];
    const withPhoto = (to: string, sent: [string, string][]) =>
      postMultipart(server, to, Object.fromEntries(sent), [photo], { Cookie: cookie });
    expect(await postTwice(path, fields, withPhoto)).toEqual([303, `${path}?saved`]);
    expect(revision()).toBe(from + 1);
    expect(pictures()).toBe(made + 1);
    expect(named("gallery.add")).toBe(1);
  });

  it("gallery.from-request: a won request's photo, its customer having said Yes, made into the gallery's sizes once", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 60, b: 40 } } }).jpeg().toBuffer();
    const lead = withStore(server.dataDir, (store) => {
      const photo = storedPhoto(store, { bytes: jpeg, width: 800, height: 600 });
      const added = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name: "Won Twice", email: "won-twice@example.org", phone: "07700 900778", location: "3 Bancroft, Hitchin", message: "A porch roof." }, { notify: false, photos: [photo] });
      store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(added.id);
      recordPhotoConsent(store, added.id, "yes", new Date());
      return added.id;
    });
    const made = pictures();
    const [status, location] = await postTwice("/admin/site/gallery", formFields(await page(`/admin/requests/${lead}`), 'value="from-request"'));
    expect([status, location]).toEqual([303, expect.stringMatching(/^\/admin\/site\/gallery\?picture=g-[0-9a-f]{12}&town=hitchin#add-project$/)]);
    expect(pictures()).toBe(made + 1);
    expect(named("gallery.from-request")).toBe(1);
  });
});
