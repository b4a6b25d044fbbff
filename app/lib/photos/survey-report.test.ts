import { describe, expect, it } from "vitest";
import { checkReport, inOrder, moved, reportValuesOf, valuesOf, type ReportValues } from "./survey-report.ts";

const PHOTOS = new Set(["a", "b", "c"]);
const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

describe("the survey report's order", () => {
  it("follows the places typed, a blank keeping its place on the form and a tie the form's order", () => {
    const findings = [
      { words: "ridge", order: "3" },
      { words: "slates", order: "1" },
      { words: "valley", order: "" },
      { words: "flashing", order: "1" },
    ];
    expect(inOrder(findings).map((finding) => finding.words)).toEqual(["slates", "flashing", "ridge", "valley"]);
  });

  it("keeps the findings in the order given, each with its photos, and leaves out an empty slot", () => {
    const posted = form([
      ["findings", "3"],
      ["finding-0-words", "Rotten batten"],
      ["finding-0-photos", "b"],
      ["finding-0-order", "2"],
      ["finding-1-words", " Three slipped slates above the bay window "],
      ["finding-1-photos", "a"],
      ["finding-1-photos", "c"],
      ["finding-1-order", "1"],
      ["finding-2-order", "3"],
      ["recommend", "Replace the slates."],
    ]);
    expect(checkReport(reportValuesOf(posted), PHOTOS)).toEqual({
      ok: true,
      report: {
        findings: [
          { words: "Three slipped slates above the bay window", photos: ["a", "c"] },
          { words: "Rotten batten", photos: ["b"] },
        ],
        recommend: "Replace the slates.",
      },
    });
  });

  it("moves a finding up or down and numbers the places as they stand", () => {
    const values: ReportValues = { findings: [{ words: "one", photos: ["a"], order: "1" }, { words: "two", photos: ["b"], order: "2" }, { words: "three", photos: ["c"], order: "3" }], recommend: "" };
    expect(moved(values, "up-2").findings.map((finding) => [finding.words, finding.order])).toEqual([["one", "1"], ["three", "2"], ["two", "3"]]);
    expect(moved(values, "down-0").findings.map((finding) => finding.words)).toEqual(["two", "one", "three"]);
    expect(moved(values, "up-0")).toBe(values);
  });

  it("opens a kept report numbered from 1 with one empty finding to add", () => {
    const values = valuesOf({ findings: [{ words: "one", photos: ["a"] }], recommend: "Do it" });
    expect(values.findings).toEqual([{ words: "one", photos: ["a"], order: "1" }, { words: "", photos: [], order: "2" }]);
  });
});

describe("the survey report's refusals", () => {
  const refused = (fields: [string, string][]) => {
    const result = checkReport(reportValuesOf(form([["findings", "1"], ...fields])), PHOTOS);
    return result.ok ? undefined : result.errors;
  };

  it("says each at its field", () => {
    expect(refused([["finding-0-photos", "a"]])).toEqual({ "finding-0-words": "Write what you found." });
    expect(refused([["finding-0-words", "Slates"]])).toEqual({ "finding-0-photos": "Choose at least one photo that shows it." });
    expect(refused([["finding-0-words", "x".repeat(281)], ["finding-0-photos", "a"]])).toEqual({ "finding-0-words": "A finding can be at most 280 characters." });
    expect(refused([["finding-0-words", "Slates"], ["finding-0-photos", "z"]])).toHaveProperty("finding-0-photos");
    expect(refused([["finding-0-words", "Slates"], ["finding-0-photos", "a"], ["recommend", "y".repeat(2001)]])).toEqual({ recommend: "What you recommend can be at most 2000 characters." });
    expect(refused([])).toEqual({ "finding-0-words": "Write at least one finding, with the photos that show it." });
  });
});
