/**
 * Page texts at /admin/site/texts through the real server: a town page's intro and a service
 * page's FAQ answer rewritten, published, and live on those pages only; the years of experience
 * shown as "[years of experience]" and saved as the fact again; an emptied paragraph, and a fact
 * in curly brackets the site does not hold, are shown at their field and nothing is saved.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { contentFiles, fileContent } from "~/content/index.ts";
import { openStore, serverWithOwner } from "../support/owner.ts";
import { postForm, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;
beforeAll(async () => ({ server, cookie } = await serverWithOwner()));
afterAll(() => server.stop());

const owner = (p: string) => fetch(`${server.url}${p}`, { headers: { Cookie: cookie } });
const from = async () => /name="from" value="(\d+)"/.exec(await (await owner("/admin/site/texts?page=areas:hitchin")).text())![1]!;
const hitchin = fileContent.areas.find((area) => area.slug === "hitchin")!;
const repairs = fileContent.services.find((service) => service.slug === "roof-repairs")!;
const INTRO = "Hitchin's market-town roofs are our neighbours' roofs: we are twenty minutes up the road and know its lanes.";
const ANSWER = "Most repairs are done the same week, and an emergency the same day when the weather allows.";

it("refuses an emptied paragraph, and a fact in curly brackets it does not hold, at their fields", async () => {
  const local = Object.fromEntries(Object.entries(hitchin.local).map(([k, v]) => [`local-${k}`, v]));
  const response = await postForm(server, "/admin/site/texts?page=areas:hitchin", { page: "areas:hitchin", from: await from(), intro: "", ...local, "local-homes": "Roofing here for {yearsHere} years." }, { Cookie: cookie });
  expect(response.status).toBe(400);
  const html = (await response.text()).replaceAll("&#x27;", "'");
  expect(html).toMatch(/id="texts-intro"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="texts-intro"/);
  expect(html).toContain(`<p id="texts-local-homes-error" class="field-error">Curly brackets hold the site's facts. Write [years of experience] where the fact goes`);
  expect(html, "what was typed stays").toContain("Roofing here for {yearsHere} years.");
  expect(await from()).toBe("0");
});

it("publishes a town's new intro and a service's new answer on their own pages", async () => {
  const town = await owner("/admin/site/texts?page=areas:hitchin");
  expect(await town.text()).toContain("The roof problems we meet there");
  expect((await postForm(server, "/admin/site/texts?page=areas:hitchin", { page: "areas:hitchin", from: await from(), intro: INTRO, ...Object.fromEntries(Object.entries(hitchin.local).map(([k, v]) => [`local-${k}`, v])) }, { Cookie: cookie })).status).toBe(303);
  const service = await (await owner("/admin/site/texts?page=services:roof-repairs")).text();
  expect(service).toContain(`Answer to: ${repairs.faqs[0]!.question.replaceAll("'", "&#x27;")}`);
  expect(service, "the fact in words, never its key").toContain("for more than [years of experience] years.");
  expect(service).not.toMatch(/\{\w+\}/);
  const answers: Record<string, string> = {};
  repairs.faqs.forEach((faq, i) => (answers[`answer-${i}`] = i === 0 ? ANSWER : faq.answer));
  // The opening paragraphs as the page shows them (the fact in words), unchanged.
  const rawIntro = (contentFiles.services as { slug: string; intro: string[] }[]).find((s) => s.slug === "roof-repairs")!.intro;
  const intro = Object.fromEntries(rawIntro.map((paragraph, i) => [`intro-${i}`, paragraph.replaceAll("{experienceYears}", "[years of experience]")]));
  expect((await postForm(server, "/admin/site/texts?page=services:roof-repairs", { page: "services:roof-repairs", from: await from(), ...intro, ...answers }, { Cookie: cookie })).status).toBe(303);

  const summary = await (await owner("/admin/site")).text();
  expect(summary).toContain("Texts of the Hitchin town page, on that page");
  expect(summary).toContain(`Texts of the ${repairs.name} page, on that page`);
  expect(summary, "an unchanged page leaves no edit").not.toContain("Texts of the Stevenage");
  const store = openStore(server.dataDir);
  const edits = JSON.parse((store.db.prepare("SELECT edits FROM site_draft").get() as { edits: string }).edits) as { texts: { services: Record<string, object> } };
  store.close();
  expect(edits.texts.services["roof-repairs"], "the intro in words is the files' intro: only the answers are edits").toEqual({ answers: repairs.faqs.map((faq, i) => (i === 0 ? ANSWER : faq.answer)) });
  const publish = await postForm(server, "/admin/site", { intent: "publish", from: /name="from" value="(\d+)"/.exec(summary)![1]! }, { Cookie: cookie });
  expect(publish.headers.get("location")).toMatch(/published=/);

  const townPage = (await (await fetch(`${server.url}/areas/roofers-in-hitchin/`)).text()).replaceAll("&#x27;", "'");
  expect(townPage).toContain(INTRO);
  expect(townPage).not.toContain(hitchin.intro.slice(0, 60));
  const repairsPage = await (await fetch(`${server.url}/roof-repairs-in-stevenage`)).text();
  expect(repairsPage).toContain(ANSWER);
  expect(repairsPage).toContain(`for more than ${fileContent.business.claims.experienceYears} years.`);
  expect(repairsPage).not.toContain("[years of experience]");
  expect(await (await fetch(`${server.url}/services/roof-repairs`)).text()).toContain(ANSWER);
  expect((await (await fetch(`${server.url}/areas/roofers-in-watford/`)).text()).replaceAll("&#x27;", "'")).not.toContain(INTRO);
});
