/**
 * A destructive change asks once more, and only its own answer does it (issue 24, section 6):
 * a Delete or a Publish POST replayed as it was first sent (a scanner replaying the owner's
 * forms) deletes and publishes nothing. A draft that shows the business closed every day is
 * published only by a POST carrying the confirmation of that very draft revision.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { factValues } from "~/lib/site/facts-form.ts";
import { SARAHS_REQUEST } from "../support/leads.ts";
import { openStore, serverWithOwner } from "../support/owner.ts";
import { postForm, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;

beforeAll(async () => ({ server, cookie } = await serverWithOwner()));
afterAll(() => server.stop());

const owner = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" })).text().then((html) => html.replaceAll("<!-- -->", ""));
const post = (path: string, fields: Record<string, string>) => postForm(server, path, fields, { Cookie: cookie });
const revisionOf = async () => Number(/name="from" value="(\d+)"/.exec(await owner("/admin/site/hours"))![1]);
const HOURS = "8:00–18:00";

describe("Delete on a request", () => {
  it("asks in words first, and a bare or replayed Delete deletes nothing", async () => {
    const store = openStore(server.dataDir);
    const id = store.add({ ...SARAHS_REQUEST, form: "contact", page: "/contact" }).id;
    store.close();
    const exists = () => server.rows().some((row) => row.id === id);

    const question = await owner(`/admin/requests/${id}?confirm=delete`);
    expect(question).toContain(`Delete this request, its notes and everything else stored about ${SARAHS_REQUEST.name}? This cannot be undone.`);
    expect(question).toContain("Delete for good");
    expect(question).not.toContain("window.confirm");

    for (let i = 0; i < 2; i++) {
      const replayed = await post(`/admin/requests/${id}`, { intent: "delete" });
      expect(replayed.status).toBe(303);
      expect(replayed.headers.get("location"), "it only asks the question").toBe(`/admin/requests/${id}?confirm=delete#delete-heading`);
      expect(exists(), "nothing deleted").toBe(true);
    }
    expect((await post(`/admin/requests/${id}`, { intent: "delete", confirmed: "yes" })).headers.get("location"), "not the question's answer").toMatch(/confirm=delete/);
    expect(exists()).toBe(true);

    const deleted = await post(`/admin/requests/${id}`, { intent: "delete", confirmed: "delete-for-good" });
    expect(deleted.headers.get("location")).toBe(`/admin?deleted=${id}#main`);
    expect(exists()).toBe(false);
  });
});

describe("a draft that shows the business closed every day", { timeout: 120_000 }, () => {
  const closedEveryDay = () => Object.fromEntries(fileContent.business.openingHours.flatMap((_, i) => [[`hours-${i}-closed`, "on"], [`hours-${i}-opens`, ""], [`hours-${i}-closes`, ""]]));
  let from = 0;
  let confirmation = "";

  it("is saved, and its summary warns in words", async () => {
    const saved = await post("/admin/site/hours", { from: String(await revisionOf()), ...factValues(fileContent.business), ...closedEveryDay() });
    expect(saved.status, await saved.clone().text()).toBe(303);
    expect(await owner("/admin/site")).toContain("Warning: the site will show you closed every day");
    expect(await owner("/admin/site/hours"), "and the page it was saved on").toContain("Warning: the site will show you closed every day");
    from = await revisionOf();
  });

  it("is not published by a Publish, replayed or repeated, which asks with Publish anyway", async () => {
    for (let i = 0; i < 3; i++) {
      const asked = await post("/admin/site", { intent: "publish", from: String(from) });
      expect(asked.status).toBe(409);
      const html = (await asked.text()).replaceAll("<!-- -->", "");
      expect(html).toContain("Nothing was published");
      expect(html).toContain("Warning: the site will show you closed every day");
      expect(html).toContain("Publish anyway");
      const asks = /name="confirmation" value="([^"]+)"/.exec(html)![1]!;
      if (confirmation) expect(asks, "a repeat does not cancel the question on screen: the same confirmation").toBe(confirmation);
      confirmation = asks;
      expect(confirmation).toContain(`revision-${from}-`);
    }
    for (const path of ["/", "/contact"]) expect(await (await fetch(`${server.url}${path}`)).text(), `${path} keeps its hours`).toContain(HOURS);
    const store = openStore(server.dataDir);
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM site_versions").get()).toEqual({ n: 0 });
    store.close();
  });

  it("is not published by a confirmation of another revision, nor one made up", async () => {
    for (const wrong of [confirmation.replace(`revision-${from}-`, `revision-${from + 1}-`), `${confirmation.slice(0, -1)}0`, "yes", ""]) {
      const refused = await post("/admin/site", { intent: "publish", from: String(from), confirmation: wrong });
      expect(refused.status, wrong).toBe(409);
    }
    expect(await (await fetch(`${server.url}/`)).text()).toContain(HOURS);
  });

  it("is not published by the confirmation of an earlier draft, once saved again", async () => {
    const closedAgain = { ...factValues(fileContent.business), ...closedEveryDay() };
    expect((await post("/admin/site/hours", { from: String(from), ...closedAgain, "closure-message": "Closed for the holiday", "closure-until": "2099-01-01" })).status).toBe(303);
    const newer = await revisionOf();
    expect(newer).toBe(from + 1);
    const old = await post("/admin/site", { intent: "publish", from: String(newer), confirmation });
    expect(old.status, "the confirmation names the revision it confirmed").toBe(409);
    expect(await old.text()).toContain("Publish anyway");
    expect(await (await fetch(`${server.url}/`)).text()).toContain(HOURS);
    from = newer;
    confirmation = /name="confirmation" value="([^"]+)"/.exec(await (await post("/admin/site", { intent: "publish", from: String(from) })).text())![1]!;
  });

  it("goes live with Publish anyway, and the pages then say closed", async () => {
    const published = await post("/admin/site", { intent: "publish", from: String(from), confirmation });
    expect(published.status, await published.clone().text()).toBe(303);
    expect(published.headers.get("location")).toMatch(/^\/admin\/site\?published=1&/);
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).not.toContain(HOURS);
    expect(home).toContain("Closed");
    const replayed = await post("/admin/site", { intent: "publish", from: String(from), confirmation });
    expect(replayed.status, "replayed after the publish: stale, nothing more").toBe(409);
    const store = openStore(server.dataDir);
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM site_versions").get()).toEqual({ n: 1 });
    store.close();
  });
});
