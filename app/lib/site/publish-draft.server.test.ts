import { describe, expect, it } from "vitest";
import { publishConfirmation } from "./publish-draft.server.ts";

const draft = { revision: 3, basedOn: 7, edits: { business: { openingHours: [] } } };

describe("the confirmation Publish anyway carries", () => {
  it("names the draft revision it confirms", () => {
    expect(publishConfirmation(draft)).toMatch(/^revision-3-[0-9a-f]{16}$/);
    expect(publishConfirmation(draft), "the same draft, the same confirmation").toBe(publishConfirmation({ ...draft }));
  });

  it.each([
    ["another revision", { ...draft, revision: 4 }],
    ["the same revision made from another live version", { ...draft, basedOn: 8 }],
    ["the same revision after a publish or discard, with other edits", { ...draft, edits: { business: { phone: { display: "", e164: "" } } } }],
    ["a draft made from the files", { ...draft, basedOn: null }],
  ])("does not confirm %s", (_, other) => {
    expect(publishConfirmation(other)).not.toBe(publishConfirmation(draft));
  });
});
