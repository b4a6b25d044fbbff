import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { LeadStore } from "../app/lib/requests/leads.server.ts";
import { run, toCsv } from "./leads.ts";

let dir: string;
const previous = process.env.DATA_DIR;

function seed() {
  const store = new LeadStore(path.join(dir, "leads.sqlite"));
  store.add({ form: "quote", page: "/", name: "Old Request", email: "old@example.com", phone: "01438 000001", location: "", message: "Old" }, { notify: false, now: new Date("2024-05-01T10:00:00Z") });
  store.add({ form: "contact", page: "/contact", name: "=HYPERLINK(1)", email: "a@example.com", phone: "01438 000002", location: "SG1 1AA", message: 'Line one\nsaid "hello", twice' }, { notify: true, now: new Date("2026-11-20T09:30:00Z") });
  store.add({ form: "quote", page: "/guttering-fascias-in-stevenage", name: "Newest Request", email: "n@example.com", phone: "01438 000003", location: "1 High St", message: "New gutters" }, { notify: false, now: new Date("2026-11-21T08:00:00Z") });
  store.close();
}

function capture(argv: string[]) {
  let out = "";
  const code = run(argv, (text) => (out += text));
  return { code, out };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "leads-cli-"));
  process.env.DATA_DIR = dir;
});
afterEach(() => {
  process.env.DATA_DIR = previous;
});

it("lists requests newest first, marking those not yet e-mailed", () => {
  seed();
  const { code, out } = capture([]);
  expect(code).toBe(0);
  expect(out.indexOf("Newest Request")).toBeLessThan(out.indexOf("HYPERLINK"));
  expect(out.indexOf("HYPERLINK")).toBeLessThan(out.indexOf("Old Request"));
  expect(out).toContain("UNSENT e-mail (0 attempts)");
  expect(out).toContain("3 requests, 1 not yet e-mailed.");
});

it("prints one JSON array, filtered by --since", () => {
  seed();
  const { code, out } = capture(["--format", "json", "--since", "2026-11-01"]);
  expect(code).toBe(0);
  const rows = JSON.parse(out) as { name: string; delivery: string }[];
  expect(rows.map((r) => r.name)).toEqual(["Newest Request", "=HYPERLINK(1)"]);
  expect(rows[1]!.delivery).toBe("pending");
});

it("prints CSV that a spreadsheet reads safely", () => {
  seed();
  const { out } = capture(["--format", "csv"]);
  const lines = out.split("\r\n");
  expect(lines[0]).toBe("id,createdAt,status,form,page,name,email,phone,location,message,delivery,attempts,lastError,photos");
  // A cell that starts like a formula is defused with a leading quote.
  expect(out).toContain(",'=HYPERLINK(1),");
  expect(out).toContain('"Line one\nsaid ""hello"", twice"');
  expect(toCsv([])).toBe("id,createdAt,status,form,page,name,email,phone,location,message,delivery,attempts,lastError,photos\r\n");
});

it("erases the personal details of requests last in touch before a date, by the nightly job's rules, and says how many", () => {
  seed();
  expect(capture(["--purge-before", "2026-01-01"]).out).toBe("Erased the personal details of 1 request last in touch before 2026-01-01.\n");
  const listed = JSON.parse(capture(["--format", "json"]).out) as { name: string; email: string; createdAt: string }[];
  expect(listed.map((lead) => [lead.name, lead.email]).filter(([name]) => name === ""), "its row stays, naming nobody").toEqual([["", ""]]);
  expect(listed).toHaveLength(3);
});

it("refuses a malformed date or format, and copes with no database yet", () => {
  expect(capture(["--since", "21/11/2026"]).code).toBe(2);
  expect(capture(["--purge-before", "2026-13-45"]).code).toBe(2);
  expect(capture(["--format", "xml"]).code).toBe(2);
  expect(capture(["--format", "json"])).toEqual({ code: 0, out: "[]\n" });
});

it("shows how many photos came with a request, and lists their files in JSON", async () => {
  const store = new LeadStore(path.join(dir, "leads.sqlite"));
  const photos = ["c", "d"].map((c) => ({ id: c.repeat(32), file: `${c.repeat(32)}.jpg`, bytes: 10, width: 1, height: 1 }));
  await store.save({ form: "quote", page: "/", name: "With Photos", email: "w@example.com", phone: "01438 000004", location: "", message: "See photos" }, { notify: false, photos });
  store.add({ form: "quote", page: "/", name: "Without", email: "o@example.com", phone: "01438 000005", location: "", message: "None" });
  store.close();
  expect(capture([]).out).toContain("With Photos · 01438 000004 · w@example.com · 2 photos\n");
  const rows = JSON.parse(capture(["--format", "json"]).out) as { name: string; photos: string[] }[];
  expect(rows.map((r) => [r.name, r.photos])).toEqual([["Without", []], ["With Photos", photos.map((p) => p.file)]]);
  expect(capture(["--format", "csv"]).out).toMatch(/,With Photos,.*,2\r\n/);
});
