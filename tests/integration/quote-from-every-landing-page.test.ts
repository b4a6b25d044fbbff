/**
 * Decision 16: a quote asked for on a town, region or service page is recorded with that page, so
 * the owner's inbox names it and the sources report counts it under its own group.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { postMultipart, QUOTE, type RunningServer } from "../support/server.ts";
import { serverWithOwner } from "../support/owner.ts";

const LANDINGS = [
  { path: "/areas/roofers-in-hitchin/", name: "Hitchin town page", group: "Town pages" },
  { path: "/essex", name: "Essex page", group: "Region pages" },
  { path: "/roof-repairs-in-stevenage", name: "Roof Repairs page", group: "Service pages" },
  { path: "/services/flat-roofing", name: "Flat Roofing page", group: "Service pages" },
];

let server: RunningServer;
let cookie: string;

beforeAll(async () => ({ server, cookie } = await serverWithOwner()));
afterAll(() => server.stop());

const ownerPage = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();

it.each(LANDINGS)("a quote sent from $path comes back to that page's own form and is stored with it", async ({ path }) => {
  const page = await (await fetch(`${server.url}${path}`)).text();
  expect(page, "the page carries its own quote form, posting to itself").toContain(`action="${path}#contact"`);
  expect(page).not.toContain('href="/#contact"');

  const response = await postMultipart(server, path, { ...QUOTE, name: `Visitor from ${path}` });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toMatch(new RegExp(`^${path}\\?sent=K-\\d{4,}&book=[\\w-]{43}#quote-sent$`));
  expect(server.rows().find((row) => row.name === `Visitor from ${path}`)).toMatchObject({ form: "quote", page: path });
});

it("the inbox names each request's page, and the sources report counts each under its group", async () => {
  const inbox = await ownerPage("/admin");
  for (const landing of LANDINGS) expect(inbox).toContain(landing.name);

  const sources = await ownerPage("/admin/sources");
  const groupCount = (group: string) => Number(sources.match(new RegExp(`<th scope="rowgroup"[^>]*>${group}</th><td[^>]*>(\\d+)</td>`))?.[1]);
  expect(groupCount("Town pages")).toBe(1);
  expect(groupCount("Region pages")).toBe(1);
  expect(groupCount("Service pages")).toBe(2);
  const pageCount = (name: string) => Number(sources.match(new RegExp(`<th scope="row"[^>]*>${name}</th><td[^>]*>(\\d+)</td>`))?.[1]);
  for (const landing of LANDINGS) expect(pageCount(landing.name), landing.name).toBe(1);
});
