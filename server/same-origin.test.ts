import { describe, expect, it } from "vitest";
import { postFromSite, refusedPostPage, type PostArea } from "./same-origin.ts";

const SITE = "https://www.kestrel.example";

describe("postFromSite", () => {
  // area, Origin, Sec-Fetch-Site, taken?
  const table: [PostArea, string | null, string | null, boolean][] = [
    // The owner's own pages: a browser sends the page's origin, and same-origin beside it.
    ["owner", SITE, "same-origin", true],
    ["owner", SITE, null, true],
    ["owner", "https://WWW.Kestrel.example:443", "same-origin", true],
    ["owner", null, "same-origin", true],
    ["owner", null, "SAME-ORIGIN", true],
    // Nothing says where it came from: a replayed form, a scanner, a script.
    ["owner", null, null, false],
    ["owner", null, "none", false],
    ["owner", "null", "same-origin", false],
    ["owner", "null", null, false],
    // Another site, by either header.
    ["owner", "https://evil.example", "cross-site", false],
    ["owner", "https://evil.example", null, false],
    ["owner", null, "cross-site", false],
    ["owner", null, "same-site", false],
    ["owner", SITE, "cross-site", false],
    ["owner", "https://shop.kestrel.example", "same-site", false],
    // The same host over the other scheme, or another port, is another origin.
    ["owner", "http://www.kestrel.example", "same-origin", false],
    ["owner", "https://www.kestrel.example:8443", null, false],
    ["owner", "not a url", null, false],
    ["owner", "file:///home/x.html", null, false],
    // A customer's link: its page asks for no referrer, so its own form comes with Origin: null.
    ["customer", "null", "same-origin", true],
    ["customer", "null", null, true],
    ["customer", null, null, true],
    ["customer", null, "same-origin", true],
    ["customer", SITE, "same-origin", true],
    ["customer", SITE, null, true],
    ["customer", "https://evil.example", null, false],
    ["customer", "https://evil.example", "cross-site", false],
    ["customer", "null", "cross-site", false],
    ["customer", null, "cross-site", false],
    ["customer", "null", "same-site", false],
    ["customer", "null", "none", false],
    ["customer", "http://www.kestrel.example", null, false],
    // A public form: its page sends the site's Origin; a client that says nothing is taken, as
    // React Router takes it, and Origin: null is refused, as React Router refuses it.
    ["public", SITE, "same-origin", true],
    ["public", SITE, null, true],
    ["public", null, "same-origin", true],
    ["public", null, null, true],
    ["public", null, "none", true],
    ["public", "http://evil.example", null, false],
    ["public", "http://evil.example", "same-origin", false],
    ["public", "null", null, false],
    ["public", "null", "same-origin", false],
    ["public", "not a url", null, false],
    ["public", "http://www.kestrel.example", null, false],
    ["public", null, "cross-site", false],
    ["public", null, "same-site", false],
    ["public", SITE, "cross-site", false],
  ];

  it.each(table)("%s: Origin %s, Sec-Fetch-Site %s → taken %s", (area, origin, fetchSite, taken) => {
    expect(postFromSite(area, { origin, fetchSite }, SITE)).toBe(taken);
  });

  it("reads the site as the server sees it: plain http on a port when there is no proxy", () => {
    expect(postFromSite("owner", { origin: "http://127.0.0.1:3204", fetchSite: "same-origin" }, "http://127.0.0.1:3204")).toBe(true);
    expect(postFromSite("owner", { origin: "http://localhost:3204", fetchSite: "same-origin" }, "http://127.0.0.1:3204")).toBe(false);
  });
});

describe("refusedPostPage", () => {
  it.each(["owner", "customer", "public"] as const)("says in words that nothing was changed, with a way back (%s)", (area) => {
    const page = refusedPostPage(area);
    expect(page).toMatch(/^<!DOCTYPE html><html lang="en-GB">/);
    expect(page).toContain("<h1>This form was not sent from our site</h1>");
    expect(page).toContain("Nothing was changed.");
    expect(page).toContain(area === "owner" ? '<a href="/admin">' : '<a href="/">');
    expect(page).not.toContain("<script");
  });
});
