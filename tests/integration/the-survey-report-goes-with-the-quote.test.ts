/**
 * The survey report (issue 37 §2) through the real server and a real SMTP server, on one server:
 * written on its own page once a Survey photo exists, saved once for one key however often posted,
 * each refusal said at its field with nothing saved; attached on the quote's send step, the PDF
 * e-mailed holding the findings' words and their photos; the customer's /q/ and /c/ pages showing
 * the findings with JavaScript off, their photos served through the page's own link with the
 * page's headers and no EXIF or GPS; a forged or reset link, or a photo not in the report, 404.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOnceKey } from "~/lib/actions/once-key.ts";
import { openStore, serverWithOwnerAndMail } from "../support/owner.ts";
import { datedPhoneJpeg, metadataLeftIn, picture } from "../support/pictures.ts";
import { postMultipart, type RunningServer } from "../support/server.ts";
import { attachmentsOf, type startSmtp } from "../support/smtp.ts";

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let cookie: string;
let stop: () => Promise<void>;
let id: number;
const EMAIL = "sam.slater@example.org";
beforeAll(async () => {
  ({ server, smtp, cookie, stop } = await serverWithOwnerAndMail());
  const store = openStore(server.dataDir);
  id = store.add({ form: "quote", page: "/", name: "Sam Slater", email: EMAIL, phone: "07700 900321", location: "12 Bancroft, Hitchin", message: "Slates slipping off the front." }).id;
  store.close();
});
afterAll(() => stop());

const page = () => `/admin/requests/${id}`;
const report = () => `${page()}/report`;
const get = (p: string, headers: Record<string, string> = { Cookie: cookie }) => fetch(`${server.url}${p}`, { headers, redirect: "manual" });
const html = async (p: string, headers?: Record<string, string>) => (await (await get(p, headers)).text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&rsquo;", "’");
function post(p: string, fields: [string, string][]) {
  const body = new URLSearchParams(fields);
  return fetch(`${server.url}${p}`, { method: "POST", body, headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
}
const query = <T>(sql: string, ...params: (string | number)[]) => {
  const db = new DatabaseSync(path.join(server.dataDir, "leads.sqlite"), { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
};
const photoIds = () => query<{ id: string }>("SELECT id FROM job_photos WHERE lead_id = ? ORDER BY rowid", id).map((row) => row.id);
const reports = () => query<{ findings: string; recommend: string }>("SELECT findings, recommend FROM survey_reports WHERE lead_id = ?", id);

const FOUND = "Three slipped slates above the bay window";
const ROTTEN = "Rotten batten under the ridge";
const RECOMMEND = "Replace the slipped slates and the batten under them, and re-bed the ridge.";
const findings = (photos: string[]): [string, string][] => [
  ["findings", "2"],
  ["finding-0-words", ROTTEN],
  ["finding-0-photos", photos[1]!],
  ["finding-0-order", "2"],
  ["finding-1-words", FOUND],
  ["finding-1-photos", photos[0]!],
  ["finding-1-photos", photos[2]!],
  ["finding-1-order", "1"],
  ["recommend", RECOMMEND],
];

async function noMetadata(bytes: Buffer, what: string) {
  expect(await metadataLeftIn(bytes), `${what} holds no EXIF, XMP, camera name or GPS`).toEqual([]);
}

describe("the survey report", () => {
  let photos: string[] = [];
  let quoteLink = "";
  let pageLink = "";

  it("is offered on the request once a Survey photo exists", async () => {
    expect(await html(page())).not.toContain("Write survey report");
    const added = await postMultipart(
      server,
      page(),
      { intent: "add-photos", stage: "survey", caption: "", once: makeOnceKey() },
      [
        { name: "IMG_0401.jpg", bytes: await datedPhoneJpeg("2025:12:02 10:14:00", 1200, 800) },
        { name: "roof.png", bytes: await picture("png", 640, 480), type: "image/png" },
        { name: "ridge.webp", bytes: await picture("webp", 640, 480), type: "image/webp" },
      ],
      { Cookie: cookie },
    );
    expect(added.status).toBe(303);
    photos = photoIds();
    expect(photos).toHaveLength(3);
    expect(await html(page())).toContain(`href="${report()}"`);
    const form = await html(report());
    for (const photo of photos) expect(form).toContain(`name="finding-0-photos" value="${photo}"`);
  });

  it.each([
    ["a finding with no words", [["finding-0-photos", "PHOTO"]], "finding-0-words", "Write what you found."],
    ["a finding with no photo", [["finding-0-words", FOUND]], "finding-0-photos", "Choose at least one photo that shows it."],
    ["a finding too long", [["finding-0-words", "x".repeat(281)], ["finding-0-photos", "PHOTO"]], "finding-0-words", "A finding can be at most 280 characters."],
    ["a recommendation too long", [["finding-0-words", FOUND], ["finding-0-photos", "PHOTO"], ["recommend", "y".repeat(2001)]], "recommend", "What you recommend can be at most 2000 characters."],
  ] as const)("refuses %s at its field, saving nothing", async (_, fields, field, words) => {
    const posted = await post(report(), [["once", makeOnceKey()], ["findings", "1"], ...fields.map(([name, value]) => [name, value.replace("PHOTO", photos[0]!)] as [string, string])]);
    expect(posted.status).toBe(400);
    const text = (await posted.text()).replaceAll("&#x27;", "'");
    expect(text).toContain(words);
    const fieldId = field === "recommend" ? "report-recommend" : `report-${field}`;
    expect(text).toContain(`id="${fieldId}-error"`);
    expect(text).toContain(`href="#${fieldId}"`);
    expect(reports()).toHaveLength(0);
  });

  it("is saved once for one key, however often posted, in the order given", async () => {
    const once = makeOnceKey();
    const answers = [await post(report(), [["once", once], ...findings(photos)]), await post(report(), [["once", once], ...findings(photos)])];
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`${page()}?saved=report#survey-report`);
    }
    expect(reports()).toHaveLength(1);
    expect(JSON.parse(reports()[0]!.findings)).toEqual([
      { words: FOUND, photos: [photos[0], photos[2]] },
      { words: ROTTEN, photos: [photos[1]] },
    ]);
    expect(query("SELECT 1 FROM audit WHERE lead_id = ? AND action_name = 'survey-report.save'", id)).toHaveLength(1);
    expect(await html(`${page()}?saved=report`)).toContain("Survey report saved.");
  });

  it("goes with the quote when Attach the survey report is ticked, its PDF holding the findings and their photos with no metadata", async () => {
    const created = await post(page(), [["once", makeOnceKey()], ["intent", "create-quote"]]);
    const quotePage = created.headers.get("location")!;
    const validUntil = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const saved = await post(quotePage, [["intent", "send"], ["description", "Replace slipped slates"], ["quantity", "3"], ["unitPrice", "45"], ["validUntil", validUntil], ["notes", ""]]);
    expect(saved.headers.get("location")).toBe(`${quotePage}/send`);
    const asking = await html(`${quotePage}/send`);
    expect(asking).toMatch(/<input type="checkbox"[^>]*name="report" checked="" value="attach"\/>/);
    expect(asking).toContain("Attach the survey report");
    const version = /name="version" value="([^"]+)"/.exec(asking)![1]!;
    const sent = await post(`${quotePage}/send`, [["once", makeOnceKey()], ["version", version], ["report", "attach"]]);
    expect(sent.status).toBe(303);
    const deadline = Date.now() + 15_000;
    while (!smtp.messages.some((m) => m.to.includes(EMAIL) && m.raw.includes("/q/")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const mail = smtp.messages.find((m) => m.to.includes(EMAIL) && m.raw.includes("/q/"))!;
    const raw = mail.raw.replace(/=\r?\n/g, "");
    quoteLink = new URL(/https?:\/\/\S+\/q\/[\w-]+/.exec(raw)![0]).pathname;
    pageLink = new URL(/https?:\/\/\S+\/c\/[\w-]+/.exec(raw)![0]).pathname;
    const dir = mkdtempSync(path.join(tmpdir(), "report-quote-"));
    const file = path.join(dir, "quote.pdf");
    writeFileSync(file, attachmentsOf(mail.raw)[0]!.bytes);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    for (const words of ["What we found on Tuesday 2 December 2025", `1. ${FOUND}`, `2. ${ROTTEN}`, "What we recommend", RECOMMEND]) expect(text.replace(/\s+/g, " ")).toContain(words);
    expect(text).toMatch(/Page 2 of 2/);
    const images = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).split("\n").filter((line) => /\bjpeg\b/.test(line));
    expect(images).toHaveLength(3);
    execFileSync("pdfimages", ["-j", file, path.join(dir, "picture")]);
    const pictures = readdirSync(dir).filter((name) => name.startsWith("picture") && name.endsWith(".jpg"));
    expect(pictures).toHaveLength(3);
    for (const name of pictures) await noMetadata(readFileSync(path.join(dir, name)), `the PDF's ${name}`);
  });

  it("shows on the customer's /q/ and /c/ pages with JavaScript off, its photos through the page's link with the page's headers and no metadata", async () => {
    for (const link of [quoteLink, pageLink]) {
      const text = await html(link, {});
      expect(text).toContain("What we found on Tuesday 2 December 2025");
      expect(text.indexOf(FOUND)).toBeLessThan(text.indexOf(ROTTEN));
      expect(text).toContain(RECOMMEND);
      expect(text).not.toMatch(/\/admin\/job-photos\//);
      const sources = [...text.matchAll(/src="([^"]+)"/g)].map((match) => match[1]!).filter((src) => src.startsWith(`${link}/report/`));
      expect(sources).toHaveLength(3);
      expect(text).toMatch(new RegExp(`srcSet="${link}/report/[0-9a-f]{32}/thumb \\d+w, ${link}/report/[0-9a-f]{32}/large \\d+w"`));
      for (const src of sources) {
        for (const size of ["thumb", "large"]) {
          const response = await get(src.replace(/thumb$/, size), {});
          expect(response.status).toBe(200);
          expect(response.headers.get("content-type")).toBe("image/webp");
          expect(response.headers.get("cache-control")).toBe("no-store");
          expect(response.headers.get("x-robots-tag")).toContain("noindex");
          expect(response.headers.get("referrer-policy")).toBe("no-referrer");
          await noMetadata(Buffer.from(await response.arrayBuffer()), `${link} ${size}`);
        }
      }
    }
    expect(await html("/", {})).not.toContain(FOUND);
  });

  it("counts in Insights: quotes sent with a survey report against those without, and how many became Won", async () => {
    const row = (text: string, name: string) => {
      const at = text.indexOf(`>${name}</th>`);
      expect(at, name).toBeGreaterThan(0);
      return [...text.slice(at, text.indexOf("</tr>", at)).matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);
    };
    let text = await html("/admin/insights");
    expect(row(text, "Quotes with a survey report")).toEqual(["1", "0", "0 %"]);
    expect(row(text, "Quotes without")).toEqual(["0", "0", "—"]);
    expect((await post(page(), [["once", makeOnceKey()], ["intent", "status"], ["status", "won"]])).status).toBe(303);
    text = await html("/admin/insights");
    expect(row(text, "Quotes with a survey report")).toEqual(["1", "1", "100 %"]);
  });

  it("serves nothing through a forged or reset link, nor a photo not in the report", async () => {
    const [photo] = photos;
    const forged = (link: string) => link.replace(/[\w-]{6}$/, "AAAAAA");
    for (const link of [quoteLink, pageLink]) {
      expect((await get(`${forged(link)}/report/${photo}/thumb`, {})).status).toBe(404);
      expect((await get(`${link}/report/${"0".repeat(32)}/thumb`, {})).status).toBe(404);
      expect((await get(`${link}/report/${photo}/original`, {})).status).toBe(404);
    }
    // A photo of the request the report does not show.
    const more = await postMultipart(server, page(), { intent: "add-photos", stage: "after", caption: "", once: makeOnceKey() }, [{ name: "after.png", bytes: await picture("png", 320, 240), type: "image/png" }], { Cookie: cookie });
    expect(more.status).toBe(303);
    const after = photoIds().at(-1)!;
    expect((await get(`${pageLink}/report/${after}/thumb`, {})).status).toBe(404);
    const reset = await post(`${page()}/customer-link`, [["once", makeOnceKey()], ["intent", "reset-link"]]);
    expect(reset.status).toBe(303);
    expect((await get(`${pageLink}/report/${photo}/thumb`, {})).status).toBe(404);
  });
});
