import { describe, expect, it } from "vitest";
import { defaultStage, photoAlt, shownByDefault } from "./job-photos.ts";

describe("the stage ticked on Add photos", () => {
  // Survey while no quote has been sent and none was used; the last one used while none has
  // been sent; once a quote is sent, the last one used unless that was Survey.
  it.each([
    [undefined, false, "survey"],
    ["before", false, "before"],
    ["survey", false, "survey"],
    ["after", true, "after"],
    ["during", true, "during"],
    ["survey", true, "before"],
    [undefined, true, "before"],
  ] as const)("after %s, with a quote sent: %s, is %s", (last, quoted, stage) => {
    expect(defaultStage(last, quoted)).toBe(stage);
  });
});

describe("a photo's alt text", () => {
  it("is its caption, else its stage and place", () => {
    expect(photoAlt({ caption: "Slipped slates above the bay", stage: "survey" }, 1)).toBe("Slipped slates above the bay");
    expect(photoAlt({ caption: "", stage: "survey" }, 3)).toBe("Survey photo 3");
  });
});

describe("whether the customer's page shows a photo while the owner has not said", () => {
  it.each([
    ["survey", true],
    ["before", false],
    ["during", false],
    ["after", true],
  ] as const)("%s: %s", (stage, shown) => {
    expect(shownByDefault(stage)).toBe(shown);
  });
});
