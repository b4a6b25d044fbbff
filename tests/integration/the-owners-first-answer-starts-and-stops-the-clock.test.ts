/**
 * Issue "a clock on every request", against the real server: a tap on Call, E-mail or WhatsApp
 * pings the server (text/ping, as a browser sends a link's `ping`) and is kept as the request's
 * first answer, for the signed-in owner only; the inbox says what waits and whether anyone is
 * told; the search finds a request by its reference.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceOf } from "../../app/lib/forms/reference.ts";
import { NOBODY_TOLD } from "../../app/lib/requests/clock.ts";
import { openStore, signedInOwner, storedPhoto } from "../support/owner.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtp } from "../support/smtp.ts";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = signedInOwner(server.dataDir, "Dave's phone").cookie;
});
afterAll(() => server.stop());

const newLead = (name: string, options: { hoursAgo?: number; photos?: number } = {}) => {
  const store = openStore(server.dataDir);
  try {
    const photos = Array.from({ length: options.photos ?? 0 }, () => storedPhoto(store));
    return store.add(
      { form: "quote", page: "/", name, email: "sarah@example.org", phone: "07700 900321", location: "SG1 1AA", message: "The ridge tiles along the back of the house have come loose after the storm, and water is dripping into the loft." },
      { notify: false, now: new Date(Date.now() - (options.hoursAgo ?? 0) * 3_600_000), photos },
    ).id;
  } finally {
    store.close();
  }
};
/** An owner page's HTML without React's text separators (<!-- -->). */
const ownerHtml = async (path: string) => (await (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "");
const row = (id: number) => server.rows().find((r) => r.id === id)!;
const audit = (id: number) => {
  const store = openStore(server.dataDir);
  try {
    return store.db.prepare("SELECT action FROM audit WHERE lead_id = ? ORDER BY id").all(id).map((r) => (r as { action: string }).action);
  } finally {
    store.close();
  }
};

/**
 * What a browser sends for a link's `ping`, from the request page, with the owner's cookie
 * (Chromium: the page's Origin and `Sec-Fetch-Site: same-origin` beside Ping-From and Ping-To).
 */
const ping = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    body: "PING",
    headers: { "Content-Type": "text/ping", "Ping-From": `${server.url}/admin/requests/1`, "Ping-To": "tel:07700900321", Origin: server.url, "Sec-Fetch-Site": "same-origin", ...headers },
    redirect: "manual",
  });

describe("a tap's ping", () => {
  it("records the first answer for the signed-in owner: 204, kept once, audited once, and the request is Contacted", async () => {
    const id = newLead("Sarah Morgan");
    const response = await ping(`/admin/requests/${id}/answered?by=call`, { Cookie: cookie });
    expect(response.status).toBe(204);
    expect(row(id)).toMatchObject({ first_answer_by: "call", status: "contacted" });
    const first = row(id).first_answer_at as string;
    expect(Date.now() - Date.parse(first)).toBeLessThan(60_000);
    expect((await ping(`/admin/requests/${id}/answered?by=whatsapp`, { Cookie: cookie })).status).toBe(204);
    expect(row(id)).toMatchObject({ first_answer_by: "call", first_answer_at: first });
    expect(audit(id)).toEqual(["answered by phone", "changed the status"]);
    const page = await ownerHtml(`/admin/requests/${id}`);
    expect(page).toMatch(/First answered <time[^>]*>\d\d:\d\d<\/time>, by phone — 0 min after it arrived/);
  });

  it("without a session is sent to sign in and records nothing", async () => {
    const id = newLead("Signed Out");
    const response = await ping(`/admin/requests/${id}/answered?by=call`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/sign-in");
    const forged = await ping(`/admin/requests/${id}/answered?by=call`, { Cookie: `__Host-kestrel-owner=${"A".repeat(43)}` });
    expect(forged.status).toBe(303);
    expect(row(id)).toMatchObject({ first_answer_at: null, first_answer_by: null });
    expect(audit(id)).toEqual([]);
  });

  it("refuses a way it does not know (400), an unknown request (404) and another site's page (403)", async () => {
    const id = newLead("Bad Ping");
    expect((await ping(`/admin/requests/${id}/answered?by=fax`, { Cookie: cookie })).status).toBe(400);
    expect((await ping(`/admin/requests/${id}/answered`, { Cookie: cookie })).status).toBe(400);
    expect((await ping("/admin/requests/999999/answered?by=call", { Cookie: cookie })).status).toBe(404);
    expect((await ping(`/admin/requests/${id}/answered?by=call`, { Cookie: cookie, "Ping-From": "https://evil.example/" })).status).toBe(403);
    expect((await ping(`/admin/requests/${id}/answered?by=call`, { Cookie: cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect(row(id)).toMatchObject({ first_answer_at: null });
  });

  it("is refused (415) at any other address, as every post that is not a form", async () => {
    const id = newLead("Elsewhere");
    for (const path of [`/admin/requests/${id}`, `/admin/requests/${id}/answered/more`, "/contact", "/admin", `/admin/requests/${id}/answered-x?by=call`]) {
      expect((await ping(path, { Cookie: cookie })).status, path).toBe(415);
    }
    expect(row(id)).toMatchObject({ first_answer_at: null });
  });
});

describe("the inbox", () => {
  it("says what waits, marks a request Overdue after a day, and says plainly nobody is told", async () => {
    const overdue = newLead("Olive Overdue", { hoursAgo: 25 });
    const fresh = newLead("Fiona Fresh", { hoursAgo: 3, photos: 2 });
    const html = await ownerHtml("/admin");
    expect(html).toMatch(/\d+ waiting, oldest (2[5-9]|3\d|4\d) h/);
    expect(html).toContain(NOBODY_TOLD);
    expect(html).toContain('<a href="/admin/notifications"');
    expect(html).toContain("E-mail is not set up");
    expect(html, "no e-mail is set up, so none can be said to be sent").not.toContain("Every e-mail sent");
    const card = (name: string) => html.slice(html.indexOf(`>${name}</h2>`), html.indexOf("</li>", html.indexOf(`>${name}</h2>`)));
    expect(card("Olive Overdue")).toContain("Overdue");
    expect(card("Olive Overdue")).toContain("waiting 25 h");
    expect(card("Fiona Fresh")).not.toContain("Overdue");
    expect(card("Fiona Fresh")).toContain("waiting 3 h");
    expect(card("Fiona Fresh")).toContain(referenceOf(fresh));
    expect(card("Fiona Fresh")).toContain("2 photos");
    expect(card("Olive Overdue")).not.toContain("photo");
    expect(card("Fiona Fresh")).toContain("The ridge tiles along the back of the house have come loose after the storm, and water is…");
    expect(card("Fiona Fresh")).toContain(`href="tel:07700900321" ping="${server.url}/admin/requests/${fresh}/answered?by=call"`);
    expect(card("Fiona Fresh")).toContain('Call<span class="sr-only"> Fiona Fresh</span>');
    const page = await ownerHtml(`/admin/requests/${overdue}`);
    expect(page).toContain("Overdue");
    expect(page).toContain("Not answered yet: waiting 25 h");
    expect(page).toContain(referenceOf(overdue));
    for (const by of ["call", "email", "whatsapp"]) expect(page).toContain(`ping="${server.url}/admin/requests/${overdue}/answered?by=${by}"`);
  });

  it("with e-mail set up, says every e-mail is sent and no longer that nobody is told", async () => {
    const smtp = await startSmtp();
    const mailing = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "office@example.com" });
    try {
      const owner = signedInOwner(mailing.dataDir);
      const html = (await (await fetch(`${mailing.url}/admin`, { headers: { Cookie: owner.cookie } })).text()).replaceAll("<!-- -->", "");
      expect(html).toContain("Every e-mail sent");
      expect(html).toContain("Nothing waiting");
      expect(html).not.toContain(NOBODY_TOLD);
      expect(html).not.toContain("E-mail is not set up");
    } finally {
      await mailing.stop();
      await smtp.close();
    }
  });

  it("finds a request by its reference", async () => {
    const id = newLead("Rita Reference");
    const html = await ownerHtml(`/admin?q=${referenceOf(id)}`);
    expect(html.replaceAll("<!-- -->", "")).toMatch(/>1 request · <a href="\/admin"[^>]*>Show all open requests</);
    expect(html).toContain("Rita Reference");
    expect(html, "the search keeps what was typed").toContain(`value="${referenceOf(id)}"`);
  });
});
