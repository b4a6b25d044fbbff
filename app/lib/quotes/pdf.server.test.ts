/**
 * The quote's PDF read back as text (pdftotext, as a customer's reader or a search would): the
 * firm's letterhead, the quote's number and dates, whom it is for and where, every line and
 * total, the guarantees, how to accept (or who accepted), and "Page 1 of 2" on a long one.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileContent } from "../../content/index.ts";
import type { Quote } from "./quotes.server.ts";
import { quotePdf } from "./pdf.server.ts";
import { SENT_QUOTE } from "../../../tests/support/quotes.ts";

const business = fileContent.business;
const dir = mkdtempSync(path.join(tmpdir(), "quote-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUOTE: Quote = {
  ...SENT_QUOTE,
  createdAt: "2026-09-30T14:05:00Z",
  lines: [
    { description: "Scaffold to the rear", quantity: 100, unitPence: 45000 },
    { description: "Replace slipped tiles", quantity: 1200, unitPence: 1850 },
    { description: "Lead flashing renewed", quantity: 250, unitPence: 6499 },
  ],
  validUntil: "2026-10-31",
  notes: "Access from the rear garden.",
  guarantees: [business.claims.epdmGuarantee],
  netPence: 83448,
  vatPence: 16690,
  totalPence: 100138,
  expiresAt: "2026-11-01T00:00:00Z",
  // 23:30 UTC on 30 September is already 1 October in the UK (summer time).
  sentAt: "2026-09-30T23:30:00Z",
};
const CUSTOMER = { name: "Sarah M.", location: "4 Church Road, Hitchin" };

let made = 0;
/** The PDF of a quote, as text laid out as on the page, and its page count. */
async function read(quote: Quote): Promise<{ text: string; pages: number; images: string }> {
  const file = path.join(dir, `quote-${made++}.pdf`);
  writeFileSync(file, await quotePdf({ quote, business, siteUrl: "https://www.example.com", customer: CUSTOMER }));
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  return { text, pages, images: execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }) };
}

describe("a quote's PDF", () => {
  it("is on the firm's paper: its logo, name, phone, e-mail, website and VAT number", async () => {
    const { text, images } = await read(QUOTE);
    for (const words of [business.name, business.phone.display, business.email, "www.example.com", "VAT number GB999999973"]) expect(text).toContain(words);
    expect(images, "the logo, drawn from its PNG").toMatch(/^\s*1\s+0\s+image\s+80\s+80\b/m);
  });

  it("gives the quote's number and dates in words, whom it is for and the address of the work", async () => {
    const { text } = await read(QUOTE);
    expect(text).toContain("Quote Q-2026-0007");
    expect(text).toContain("Date: 1 October 2026");
    expect(text).toContain("Valid until: 31 October 2026");
    expect(text).toMatch(/PREPARED FOR\s+ADDRESS OF THE WORK/);
    expect(text).toMatch(/Sarah M\.\s+4 Church Road, Hitchin/);
  });

  it("lists every line, then the net, the VAT and the total", async () => {
    const { text } = await read(QUOTE);
    expect(text).toMatch(/Replace slipped tiles\s+12\s+£18\.50\s+£222\.00/);
    expect(text).toMatch(/Lead flashing renewed\s+2\.5\s+£64\.99\s+£162\.48/);
    expect(text).toMatch(/Net\s+£834\.48/);
    expect(text).toMatch(/VAT at 20%\s+£166\.90/);
    expect(text).toMatch(/Total including VAT\s+£1,001\.38/);
  });

  it("gives the guarantees, the notes and how to accept", async () => {
    const { text } = await read(QUOTE);
    expect(text).toContain(`${business.claims.epdmGuarantee}.`);
    expect(text).toContain("Access from the rear garden.");
    expect(text).toContain("How to accept");
    const flowing = text.replace(/\s+/g, " ");
    expect(flowing).toContain("press Accept quote");
    expect(flowing).toContain(`Call ${business.phone.display}`);
    expect(text).toContain("Page 1 of 1");
  });

  it("numbers its pages when it runs onto a second, the lines' heading repeated", async () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({ description: `Ridge tile ${i + 1} rebedded`, quantity: 100, unitPence: 2500 }));
    const { text, pages } = await read({ ...QUOTE, lines });
    expect(pages).toBe(2);
    expect(text).toContain("Page 1 of 2");
    expect(text).toContain("Page 2 of 2");
    expect(text.match(/Description\s+Qty\s+Unit price\s+Amount/g)).toHaveLength(2);
    expect(text).toContain("Ridge tile 30 rebedded");
    expect(text).toMatch(/Total including VAT\s+£900\.00/);
  });

  it("once accepted, says who accepted it and when, in UK time, and no longer how to", async () => {
    const { text } = await read({ ...QUOTE, status: "accepted", answeredAt: "2026-10-02T15:00:00Z", answerName: "Sarah M." });
    expect(text).toContain("Accepted by Sarah M. on Fri 2 Oct 2026, 16:00.");
    expect(text).not.toContain("How to accept");
  });

  it("without VAT, gives the total alone", async () => {
    const { text } = await read({ ...QUOTE, vat: false, vatNumber: null });
    expect(text).not.toMatch(/VAT at 20%|VAT number/);
    expect(text).toMatch(/Total\s+£834\.48/);
  });
});
