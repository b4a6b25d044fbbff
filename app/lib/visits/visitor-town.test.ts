/**
 * Issue 38 §2: the visitor's town is his landing page's, else the nearest of the 32 towns to his
 * postcode district, else Stevenage; and the drive between two towns from their coordinates.
 */
import { describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { driveMinutes, isNear, kmBetween } from "./drive.ts";
import { postcodeDistrict, visitorTown } from "./visitor-town.ts";

const towns = fileContent.areas;
const town = (slug: string) => towns.find((area) => area.slug === slug)!;

describe("the visitor's town", () => {
  it("is the town of the page the request came from", () => {
    expect(visitorTown({ page: "/areas/roofers-in-hitchin/", location: "CM17 9AA" }, towns)).toBe("hitchin");
  });

  it("is the nearest town to the postcode's district otherwise", () => {
    expect(visitorTown({ page: "/contact", location: "12 Norton Way, Letchworth SG6 3AB" }, towns)).toBe("hitchin");
    expect(visitorTown({ page: "/", location: "cm17 9aa" }, towns)).toBe("harlow");
    expect(visitorTown({ page: "/roof-repairs-in-stevenage", location: "N10 3PP" }, towns)).toBe("muswell-hill");
    expect(postcodeDistrict("Flat 2, SG1 1AA")).toBe("SG1");
  });

  it("is Stevenage when the request names no town the business knows", () => {
    expect(visitorTown({ page: "/contact", location: "" }, towns)).toBe("stevenage");
    expect(visitorTown({ page: "/contact", location: "ZZ9 9ZZ, Magrathea" }, towns)).toBe("stevenage");
    expect(visitorTown({ page: "/areas/roofers-in-atlantis/", location: "" }, towns)).toBe("stevenage");
  });
});

describe("the drive between two towns", () => {
  it("is the straight line × 1.4 at 40 km/h, at least 10 minutes between two towns, none within one", () => {
    expect(kmBetween(town("hitchin"), town("stevenage"))).toBeCloseTo(7.72, 1);
    expect(driveMinutes(town("hitchin"), town("stevenage"))).toBe(17);
    expect(driveMinutes(town("hitchin"), town("harlow"))).toBe(69);
    expect(driveMinutes(town("highgate"), town("muswell-hill"))).toBe(10);
    expect(driveMinutes(town("hitchin"), town("hitchin"))).toBe(0);
    expect(driveMinutes(undefined, town("hitchin"))).toBe(10);
  });

  it("calls a town within 8 km near", () => {
    expect(isNear(town("hitchin"), town("stevenage"))).toBe(true);
    expect(isNear(town("harlow"), town("stevenage"))).toBe(false);
  });
});
