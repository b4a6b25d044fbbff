/**
 * The words, figures and links the spec (§2, §9) puts on the key pages, read the way a visitor
 * reads them, with JavaScript off.
 */
import { expect, test } from "@playwright/test";
import { areaPath, areasIn, content, MAIL_HREF, onlyIn, PHONE, TEL_HREF, textOf } from "./support.ts";

test.use({ javaScriptEnabled: false });

const TOWN_NAMES = content.areas.map((a) => a.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");

test("the home page shows the three trust badges, a quote link to the form, six service cards and three five-star testimonials", async ({ page }) => {
  await page.goto("/");

  await test.step("three badges", async () => {
    const badges = page.getByRole("list", { name: "Why you can trust us" }).getByRole("listitem");
    await expect(badges).toHaveText(["Fully Insured", "Quality Guaranteed", "Free Quotes Within 24h"]);
  });

  await test.step("six service cards, each an article named by its heading and linking to its /services/ page", async () => {
    const services = page.getByRole("region", { name: "Our roofing services" });
    await expect(services.getByRole("article")).toHaveCount(6);
    const expected = ["roof-repairs", "new-roof-installation", "flat-roofing", "pitched-roofing", "guttering-fascias", "roof-maintenance"];
    for (const slug of expected) {
      const service = content.services.find((s) => s.slug === slug)!;
      const card = services.getByRole("article", { name: service.name, exact: true });
      await expect(card.getByRole("heading", { name: service.name, exact: true })).toBeVisible();
      await expect(card.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", `/services/${slug}`);
    }
  });

  await test.step("three five-star testimonials, each signed with a first name, an initial and a town", async () => {
    const testimonials = page.getByRole("region", { name: "What our customers say" }).getByRole("figure");
    await expect(testimonials).toHaveCount(3);
    for (const testimonial of await testimonials.all()) {
      await expect(testimonial.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
      await expect(testimonial.getByRole("blockquote")).not.toBeEmpty();
      // Signed "Sarah M., Stevenage": a first name, an initial, then one of the 32 towns.
      await expect(testimonial).toHaveAccessibleName(new RegExp(`^[A-Z][a-z]+ [A-Z]\\.?, (${TOWN_NAMES})$`));
    }
  });

  await test.step("Get Your Free Quote takes the visitor to the quote form", async () => {
    const quote = page.getByRole("link", { name: "Get Your Free Quote" });
    await expect(quote).toHaveAttribute("href", "#contact");
    await quote.click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.getByRole("form", { name: "Request your free quote" })).toBeInViewport();
  });
});

const REGION_COUNTS = { hertfordshire: 10, essex: 12, "north-london": 10 } as const;

for (const [slug, count] of Object.entries(REGION_COUNTS)) {
  const region = content.regions.find((r) => r.slug === slug)!;
  test(`the ${region.name} page welcomes the visitor and offers ${count} towns, each with a link to its page`, async ({ page }) => {
    await page.goto(`/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Professional Roofers in ${region.name}`);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toMatchAriaSnapshot(`
      - navigation "Breadcrumb":
        - list:
          - listitem:
            - link "Home":
              - /url: /
          - listitem: ${region.name}
    `);

    const links = page.getByRole("link", { name: /^View services in .+ →$/ });
    await expect(links).toHaveCount(count);
    const towns = areasIn(region);
    expect(towns).toHaveLength(count);
    for (const [i, town] of towns.entries()) {
      await expect(links.nth(i)).toHaveText(`View services in ${town.name} →`);
      await expect(links.nth(i)).toHaveAttribute("href", areaPath(town));
    }
    // Decision 16: the quote form is on the region's own page, and its quote link points there.
    await expect(page.getByRole("link", { name: "Request a Quote" }).first()).toHaveAttribute("href", "#contact");
    await expect(page.locator("#contact").getByRole("form", { name: "Request your free quote" })).toBeAttached();
  });
}

test.describe("the town pages", () => {
  onlyIn("desktop", "Town pages read the same at every width: read them once.");

  // One town of each county, the ones whose names carry punctuation.
  const SAMPLES = ["bishops-stortford", "southend-on-sea", "totteridge-and-whetstone"];

  for (const slug of SAMPLES) {
    const town = content.areas.find((a) => a.slug === slug)!;
    const region = content.regions.find((r) => r.slug === town.region)!;
    test(`${town.name} shows the breadcrumbs Home › Areas › ${town.name}, and a nearby town's link opens that town's page`, async ({ page }) => {
      await page.goto(areaPath(town));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Roofers in ${town.name}`);
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs).toMatchAriaSnapshot(`
        - navigation "Breadcrumb":
          - list:
            - listitem:
              - link "Home":
                - /url: /
            - listitem:
              - link "Areas":
                - /url: /${region.slug}
            - listitem: ${JSON.stringify(town.name)}
      `);
      await expect(crumbs.getByText(town.name, { exact: true })).toHaveAttribute("aria-current", "page");

      const nearby = page
        .getByRole("region", { name: "Nearby areas we cover" })
        .getByRole("list", { name: `Around ${town.name}, we also work in:` })
        .getByRole("link");
      const count = await nearby.count();
      expect(count, "2 to 4 nearby towns").toBeGreaterThanOrEqual(2);
      expect(count, "2 to 4 nearby towns").toBeLessThanOrEqual(4);
      const label = (await nearby.first().textContent())!.trim();
      expect(label).toMatch(/^Roofers in /);
      await nearby.first().click();
      await expect(page).toHaveURL(/^[^?#]*\/areas\/roofers-in-[a-z-]+\/$/);
      await expect(page.getByRole("heading", { level: 1 }), "the link leads to the town it names").toHaveText(label);
    });
  }

  test("all 32 town pages carry the breadcrumbs Home › Areas › town and 2 to 4 nearby towns, each leading to that town's page", async ({ request }) => {
    const pages = new Map<string, string>();
    const html = async (path: string) => {
      if (!pages.has(path)) {
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status(), `${path}: HTTP status`).toBe(200);
        pages.set(path, await response.text());
      }
      return pages.get(path)!;
    };
    const links = (fragment: string) =>
      [...fragment.matchAll(/<a\b[^>]*\shref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ href: m[1]!, text: textOf(m[2]!) }));
    const heading = (page: string) => textOf(page.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "");

    expect(content.areas).toHaveLength(32);
    for (const town of content.areas) {
      const page = await html(areaPath(town));
      expect(heading(page)).toBe(`Roofers in ${town.name}`);

      const trail = page.match(/<nav[^>]*aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/)?.[1] ?? "";
      expect(links(trail), `${town.name}: breadcrumb links`).toEqual([
        { href: "/", text: "Home" },
        { href: `/${town.region}`, text: "Areas" },
      ]);
      expect(textOf(trail).replace(/\s*›\s*/g, " › "), `${town.name}: breadcrumbs`).toBe(`Home › Areas › ${town.name}`);

      const section = page.match(/<section[^>]*aria-labelledby="nearby-areas-we-cover-heading"[^>]*>([\s\S]*?)<\/section>/)?.[1];
      expect(section, `${town.name}: a nearby-areas section`).toBeDefined();
      // The section also holds the service-area map, whose markers link to towns further off.
      const list = section!.match(/<ul aria-labelledby="nearby-towns-label"[^>]*>([\s\S]*?)<\/ul>/)?.[1];
      expect(list, `${town.name}: the list of nearby towns`).toBeDefined();
      const nearby = links(list!);
      expect(nearby.length, `${town.name}: 2 to 4 nearby towns`).toBeGreaterThanOrEqual(2);
      expect(nearby.length, `${town.name}: 2 to 4 nearby towns`).toBeLessThanOrEqual(4);
      for (const link of nearby) {
        expect(link.href, `${town.name}: not its own neighbour`).not.toBe(areaPath(town));
        expect(link.href, `${town.name}: "${link.text}" is a town page`).toMatch(/^\/areas\/roofers-in-[a-z-]+\/$/);
        expect(heading(await html(link.href)), `${town.name}: "${link.text}" leads to that town's page`).toBe(link.text);
      }
    }
  });
});

const STEVENAGE_PAGES = [
  { path: "/guttering-fascias-in-stevenage", stats: ["18+", "350+", "5-year"], labels: [/years/i, /systems installed/i, /warranty/i] },
  { path: "/roof-maintenance-in-stevenage", stats: ["20+", "600+", "30%"], labels: [/years/i, /annual inspections/i, /cost saving versus repairs/i] },
];

for (const { path, stats, labels } of STEVENAGE_PAGES) {
  test(`${path} shows its three figures (${stats.join(", ")}), eight towns and the quote form`, async ({ page }) => {
    await page.goto(path);
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    await expect(hero.getByRole("definition")).toHaveText(stats);
    const terms = hero.getByRole("term");
    await expect(terms).toHaveCount(3);
    for (const [i, label] of labels.entries()) await expect(terms.nth(i)).toHaveText(label);

    const towns = page.getByRole("region", { name: /8 local areas/ }).getByRole("link", { name: /^Roofers in / });
    await expect(towns).toHaveCount(8);
    const known = new Set(content.areas.map(areaPath));
    for (const href of await towns.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(known, `town link ${href}`).toContain(href);
    }

    const form = page.getByRole("form", { name: "Request your free quote" });
    await expect(form).toBeVisible();
    await expect(form.getByRole("button", { name: "Get My Free Quote" })).toBeVisible();
    await expect(page.locator("#contact")).toContainText("Request your free quote");
  });
}

test("the contact page offers a call, an e-mail, the service area, the message form, four reasons and the opening hours", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get In Touch");
  await expect(page.getByText(/free, no-obligation quote/)).toBeVisible();

  const cards = page.getByRole("region", { name: "Ways to reach us" });
  await expect(cards.getByRole("heading")).toHaveText(["Call us", "Email us", "Service area"]);
  await expect(cards.getByRole("link", { name: PHONE })).toHaveAttribute("href", TEL_HREF);
  await expect(cards.getByRole("link", { name: "info@example.com" })).toHaveAttribute("href", MAIL_HREF);
  await expect(cards).toContainText("Stevenage, Hertfordshire, Essex & North London");

  const form = page.getByRole("form", { name: "Send Us A Message" });
  await expect(form.getByRole("heading", { name: "Send Us A Message" })).toBeVisible();
  await expect(form).toContainText("within 24 hours");
  await expect(form.getByLabel("Message")).toHaveAttribute("rows", "5");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  // Said before it is pressed, and read with the button: it leaves for WhatsApp in a new tab.
  await expect(form.getByRole("button", { name: "Send Message" })).toHaveAccessibleDescription(/opens WhatsApp in a new tab/);
  await expect(form).toContainText("Fields marked * are required.");
  for (const label of ["Full Name *", "Email Address *", "Phone Number *", "Postcode *", "Message *"]) {
    await expect(form.getByLabel(label, { exact: true }), label).toHaveAttribute("required", "");
  }

  const aside = page.getByRole("complementary", { name: /why choose us/i });
  await expect(aside.getByRole("listitem")).toHaveText([
    "Free Quotes Within 24 Hours",
    "Fully Insured & Certified",
    // Decision 7 (revised): one experience figure, the business's, on every page.
    `${content.business.claims.experienceYears}+ Years Experience`,
    "Quality Guaranteed",
  ]);
  await expect(aside.getByRole("heading", { name: "Opening hours" })).toBeVisible();
  await expect(aside.getByRole("term")).toHaveText(["Monday–Friday", "Saturday", "Sunday"]);
  await expect(aside.getByRole("definition")).toHaveText(["8:00–18:00", "9:00–16:00", "Closed"]);
  await expect(aside, "the office's hours never read against the 24/7 emergency line").toContainText("The emergency line is answered 24/7, Sundays included");
});
