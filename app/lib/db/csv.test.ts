/**
 * The formula guard as a spreadsheet reads its cells (tests/support/spreadsheet.ts): real data
 * that starts like a formula (an e-mail address, a phone number in +44 form, an amount) is
 * written as typed and read as that data; a formula gets its quote mark and is read as text.
 * No cell written is read as a formula.
 */
import { describe, expect, it } from "vitest";
import { readCsv } from "../../../tests/support/csv.ts";
import { spreadsheetReads } from "../../../tests/support/spreadsheet.ts";
import { BYTE_ORDER_MARK, csvAttachment, csvLines, readsAsFormula, textCell } from "./csv.ts";

/** The cell as a spreadsheet gets it from the file: written by textCell, then read back from CSV. */
const written = (text: string) => readCsv(csvLines([["cell"], [textCell(text)]]))[0]!.cell!;

describe("real data that starts like a formula", () => {
  it.each([
    ["an e-mail address", "-2+3@example.com", { as: "text", shown: "-2+3@example.com" }],
    ["an e-mail address", "+jane.smith@example.co.uk", { as: "text", shown: "+jane.smith@example.co.uk" }],
    ["a phone number in +44 form", "+44 1462 123456", { as: "text", shown: "+44 1462 123456" }],
    ["a phone number in +44 form", "+44 (0)1462 123456", { as: "text", shown: "+44 (0)1462 123456" }],
    ["an amount", "-12.50", { as: "number", value: -12.5 }],
    ["an amount", "+3", { as: "number", value: 3 }],
    ["an amount", "-1,250.00", { as: "number", value: -1250 }],
    ["an amount", "-£12.50", { as: "number", value: -12.5 }],
  ] as const)("%s, %s, is written as typed and read as that", (_kind, text, reading) => {
    expect(readsAsFormula(text)).toBe(false);
    expect(written(text)).toBe(text);
    expect(spreadsheetReads(written(text))).toEqual(reading);
  });
});

describe("a formula", () => {
  it.each([
    "=SUM(A1)",
    "=1+1",
    "+1+1",
    "-2+3",
    "@SUM(A1)",
    "-cmd|' /C calc'!A0",
    '=HYPERLINK("https://evil.example","Click")',
    "+ref INV-2026-0001",
    "\t=1+1",
    "\r=1+1",
    // Like an e-mail address, yet a formula: an @ after an operator applies to the name after it.
    "-A1+@example.com",
    "-@example.com",
    "=jane@example.com",
    // Like a phone number, yet sums.
    "+44-1462-123456",
    "+44+1462",
  ])("%j, read as one if written raw, gets its quote mark and is read as text", (text) => {
    expect(spreadsheetReads(text), "raw").toEqual({ as: "formula" });
    expect(readsAsFormula(text)).toBe(true);
    expect(written(text)).toBe(`'${text}`);
    expect(spreadsheetReads(written(text))).toEqual({ as: "text", shown: `'${text}` });
  });

  it("is known to the model as a spreadsheet knows it: text is text, a number a number", () => {
    expect(spreadsheetReads("Jane Smith")).toEqual({ as: "text", shown: "Jane Smith" });
    expect(spreadsheetReads("-")).toEqual({ as: "text", shown: "-" });
    expect(spreadsheetReads("-2+3@example.com")).toEqual({ as: "text", shown: "-2+3@example.com" });
    expect(spreadsheetReads("1200.00")).toEqual({ as: "number", value: 1200 });
    expect(spreadsheetReads("@SUM(A1:B2, 3)")).toEqual({ as: "formula" });
  });
});

describe("no cell written", () => {
  it("is read as a formula: every text of up to four characters of formula pieces", () => {
    const pieces = ["=", "+", "-", "@", "1", "A", "(", ")", ".", " ", "|", "'", "!", "%", ",", "\t", "x"];
    let texts = [""];
    const formulas: string[] = [];
    for (let length = 1; length <= 4; length++) {
      texts = texts.flatMap((text) => pieces.map((piece) => text + piece));
      formulas.push(...texts.filter((text) => spreadsheetReads(written(text)).as === "formula"));
    }
    expect(formulas).toEqual([]);
  });

  it("is read as a formula: e-mail addresses and phone numbers made at random from formula pieces", () => {
    let seed = 33;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const some = (alphabet: string, max: number) => Array.from({ length: 1 + random(max) }, () => alphabet[random(alphabet.length)]).join("");
    const texts = Array.from({ length: 20_000 }, () =>
      random(2) ? `${"+-"[random(2)]}${some("A1b2_.%+-", 8)}@${some("ab1-", 6)}.${some("co.uk", 4)}` : `+${some("4412 ()0", 16)}`,
    );
    expect(texts.filter((text) => spreadsheetReads(written(text)).as === "formula")).toEqual([]);
    expect(texts.filter((text) => !readsAsFormula(text)).length, "enough of them left as typed to mean something").toBeGreaterThan(2_000);
  });
});

describe("a download", () => {
  it("starts with UTF-8's byte-order mark, as Excel needs to read £ and accents", async () => {
    const response = csvAttachment(csvLines([["name"], [textCell("Zoë £5")]]), "people.csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="people.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe("name\r\nZoë £5\r\n");
    expect(BYTE_ORDER_MARK).toBe("\uFEFF");
  });
});
