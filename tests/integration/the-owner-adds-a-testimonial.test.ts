/**
 * Testimonials at /admin/site/testimonials through the real server: one added goes first on the
 * home page and onto the gallery page once published, with its town and its name's capitals; one
 * whose name the name rule refuses is shown at its field and nothing is saved; one removed is gone
 * after the next publish.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { serverWithOwner } from "../support/owner.ts";
import { postForm, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;
beforeAll(async () => ({ server, cookie } = await serverWithOwner()));
afterAll(() => server.stop());

const TEXT = "They replaced our whole flat roof in two days, left the garden spotless and the price never moved from the quote.";
const owner = (path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
const revision = async () => /name="from" value="(\d+)"/.exec(await (await owner("/admin/site/testimonials")).text())![1]!;
/** The form as the page gives it, with `changes`. */
async function form(changes: Record<string, string>) {
  const fields: Record<string, string> = { from: await revision(), count: String(fileContent.testimonials.length) };
  fileContent.testimonials.forEach((t, i) => Object.assign(fields, { [`t-${i}-name`]: t.name, [`t-${i}-location`]: t.location, [`t-${i}-text`]: t.text }));
  return { ...fields, ...changes };
}
const publish = async () => {
  const from = /name="from" value="(\d+)"/.exec(await (await owner("/admin/site")).text())![1]!;
  const response = await postForm(server, "/admin/site", { intent: "publish", from }, { Cookie: cookie });
  expect(response.headers.get("location")).toMatch(/published=\d+/);
};

it("refuses a testimonial whose name is not a name, at its field, saving nothing", async () => {
  const response = await postForm(server, "/admin/site/testimonials", await form({ "t-new-name": "dave@example.com", "t-new-location": "hitchin", "t-new-text": TEXT }), { Cookie: cookie });
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toMatch(/id="site-t-new-name"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="site-t-new-name"/);
  expect(html).toContain("A name cannot have an @ in it");
  expect(html).toContain("Use letters, spaces, hyphens, apostrophes and full stops only");
  expect(await revision()).toBe("0");
});

it("publishes a new testimonial first on the home page and on the gallery page, with its town and its name's capitals", async () => {
  const saved = await postForm(server, "/admin/site/testimonials", await form({ "t-new-name": "dave k.", "t-new-location": "hitchin", "t-new-text": TEXT }), { Cookie: cookie });
  expect(saved.status).toBe(303);
  expect(await (await owner("/admin/site")).text()).toContain("Testimonials: 1 added, on the home and gallery pages");
  expect(await (await fetch(`${server.url}/`)).text()).not.toContain(TEXT);
  await publish();
  const home = await (await fetch(`${server.url}/`)).text();
  expect(home.indexOf(TEXT)).toBeGreaterThan(0);
  expect(home.indexOf(TEXT), "the newest first").toBeLessThan(home.indexOf(fileContent.testimonials[0]!.text));
  expect(home, "the home page shows three").not.toContain(fileContent.testimonials[2]!.text);
  const gallery = (await (await fetch(`${server.url}/gallery`)).text()).replaceAll("<!-- -->", "");
  expect(gallery).toMatch(/Dave K\.,\s*<span[^>]*>Hitchin<\/span>/);
  for (const t of fileContent.testimonials) expect(gallery).toContain(t.text.slice(0, 40));
});

it("takes a removed testimonial off the site at the next publish", async () => {
  const count = fileContent.testimonials.length + 1;
  const fields = await form({ count: String(count) });
  // The page now lists Dave first.
  const page = await (await owner("/admin/site/testimonials")).text();
  expect(page).toContain('value="Dave K."');
  const rows = [{ name: "Dave K.", location: "hitchin", text: TEXT }, ...fileContent.testimonials];
  rows.forEach((t, i) => Object.assign(fields, { [`t-${i}-name`]: t.name, [`t-${i}-location`]: t.location, [`t-${i}-text`]: t.text }));
  fields["t-0-remove"] = "on";
  expect((await postForm(server, "/admin/site/testimonials", fields, { Cookie: cookie })).status).toBe(303);
  await publish();
  expect(await (await fetch(`${server.url}/gallery`)).text()).not.toContain(TEXT);
});
