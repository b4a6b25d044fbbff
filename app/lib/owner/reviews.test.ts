import { describe, expect, it } from "vitest";
import { suggestedName } from "./reviews.server.ts";

describe("the name a review form starts with", () => {
  it.each([
    ["Sarah Miles", "Sarah M."],
    ["sarah miles", "Sarah M."],
    ["SARAH MILES", "Sarah M."],
    ["Siân Jones", "Siân J."],
    ["Zoë Kowalska", "Zoë K."],
    ["Seán O'Brien", "Seán O."],
    ["Anne-Marie Smith", "Anne-Marie S."],
    ["Jo", "Jo"],
    ["  Harriet   Reviewer ", "Harriet R."],
    // Would not pass the name rule: the field starts empty.
    ["Dave 2", ""],
    ["jo@example.com", ""],
    ["R2 Roofing Ltd", ""],
    ["<b>Jo</b> Smith", ""],
    ["J", ""],
    ["", ""],
    ["   ", ""],
  ])("for a request from %j is %j", (requestName, name) => {
    expect(suggestedName(requestName)).toBe(name);
  });
});
