import { describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import type { Business } from "~/content/schema.ts";
import { visitorWarnings } from "./turns-visitors-away.ts";

const CLOSED = "Warning: the site will show you closed every day";
const NO_PHONE = "Warning: the site will show no phone number to call";
const NO_SERVICE = "Warning: the site will list no service";

const hours = (...open: boolean[]): Business["openingHours"] =>
  open.map((isOpen, i) => ({ label: `Day ${i}`, days: ["Monday"], opens: isOpen ? "08:00" : null, closes: isOpen ? "18:00" : null }));
const site = (business: Partial<Business> = {}, services = fileContent.services) => ({ business: { ...fileContent.business, ...business }, services });

describe("a publish that would turn every visitor away", () => {
  it("warns of nothing for the site as built", () => {
    expect(visitorWarnings(fileContent)).toEqual([]);
  });

  it.each([
    ["one day open among closed ones", hours(false, true, false), []],
    ["every day open", hours(true, true, true), []],
    ["every row closed", hours(false, false, false), [CLOSED]],
    ["one row, closed", hours(false), [CLOSED]],
  ])("opening hours with %s", (_, openingHours, warnings) => {
    expect(visitorWarnings(site({ openingHours }))).toEqual(warnings);
  });

  it("a row with only one time is no opening", () => {
    expect(visitorWarnings(site({ openingHours: [{ label: "Monday", days: ["Monday"], opens: "08:00", closes: null }] }))).toEqual([CLOSED]);
  });

  it.each([
    ["01438 555123", "+441438555123", []],
    ["", "+441438555123", [NO_PHONE]],
    ["   ", "+441438555123", [NO_PHONE]],
    ["Call us", "+441438555123", [NO_PHONE]],
    ["01438 555123", "", [NO_PHONE]],
  ])("a phone shown as %j (%s)", (display, e164, warnings) => {
    expect(visitorWarnings(site({ phone: { display, e164 } }))).toEqual(warnings);
  });

  it("a site with no service listed", () => {
    expect(visitorWarnings(site({}, []))).toEqual([NO_SERVICE]);
  });

  it("says every reason at once, in order", () => {
    expect(visitorWarnings(site({ openingHours: hours(false), phone: { display: "", e164: "" } }, []))).toEqual([CLOSED, NO_PHONE, NO_SERVICE]);
  });
});
