import { describe, expect, it } from "vitest";
import { defaultStage, photoAlt } from "./job-photos.ts";

describe("the stage ticked on Add photos", () => {
  it("is Survey while no quote has been sent and none was used", () => {
    expect(defaultStage(undefined, false)).toBe("survey");
  });
  it("is the last one used while no quote has been sent", () => {
    expect(defaultStage("before", false)).toBe("before");
    expect(defaultStage("survey", false)).toBe("survey");
  });
  it("is the last one used once a quote is sent, unless that was Survey", () => {
    expect(defaultStage("after", true)).toBe("after");
    expect(defaultStage("during", true)).toBe("during");
    expect(defaultStage("survey", true)).toBe("before");
    expect(defaultStage(undefined, true)).toBe("before");
  });
});

describe("a photo's alt text", () => {
  it("is its caption, else its stage and place", () => {
    expect(photoAlt({ caption: "Slipped slates above the bay", stage: "survey" }, 1)).toBe("Slipped slates above the bay");
    expect(photoAlt({ caption: "", stage: "survey" }, 3)).toBe("Survey photo 3");
  });
});
