import { describe, expect, it } from "vitest";
import areas from "./areas.json" with { type: "json" };
import business from "./business.json" with { type: "json" };
import gallery from "./gallery.json" with { type: "json" };
import invoicing from "./invoicing.json" with { type: "json" };
import { ContentError, loadContent, type RawContent } from "./load.ts";
import regions from "./regions.json" with { type: "json" };
import services from "./services.json" with { type: "json" };
import testimonials from "./testimonials.json" with { type: "json" };

const TEXT = "They replaced our whole flat roof in two days and left the garden spotless.";

/** The content with one more testimonial first, by `name`: its name as loaded, or the problems. */
function withTestimonialBy(name: string): { name: string } | { problems: string[] } {
  const raw: RawContent = structuredClone({ business, services, regions, areas, gallery, testimonials: [{ name, location: "hitchin", rating: 5, text: TEXT }, ...testimonials], invoicing });
  try {
    return { name: loadContent(raw).testimonials[0]!.name };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.problems };
    throw error;
  }
}

describe("a testimonial's name in the content files", () => {
  it("ships with names that pass the name rule, unchanged", () => {
    for (const { name } of testimonials) expect(withTestimonialBy(name)).toEqual({ name });
  });

  it.each([
    ["Siân J.", "Siân J."],
    ["Seán O’B.", "Seán O’B."],
    ["Jo", "Jo"],
    ["McDonald", "McDonald"],
    ["sarah m.", "Sarah M."],
    ["ANNE-MARIE S.", "Anne-Marie S."],
    ["Zoe\u0308 K.", "Zoë K."],
  ])("takes %j, shown as %j", (name, shown) => {
    expect(withTestimonialBy(name)).toEqual({ name: shown });
  });

  it.each([
    ["Dave 2", "A name cannot have digits in it."],
    ["jo@example.com", "A name cannot have an @ in it: this is not the place for an e-mail address."],
    ["<script>x</script>", "A name cannot have <, > or & in it."],
  ])("refuses %j, naming the file and the field", (name, reason) => {
    expect(withTestimonialBy(name)).toEqual({
      problems: [`app/content/testimonials.json: [0].name: ${reason} Use letters, spaces, hyphens, apostrophes and full stops only, e.g. Sarah M. or Jo.`],
    });
  });
});
