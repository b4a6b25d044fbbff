import { describe, expect, it } from "vitest";
import { deviceOf, notCounted, refererPage, sourceOf, type ViewHeaders } from "./classify.ts";

const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET = "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const OLD_IPAD = "Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1";
const IPAD_DESKTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const GOOGLEBOT_PHONE = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("what is a page view", () => {
  it.each<[string, string, ViewHeaders, string | undefined]>([
    ["a phone's GET", "GET", { "user-agent": CHROME_ANDROID }, undefined],
    ["a HEAD", "HEAD", { "user-agent": CHROME_ANDROID }, "not a GET"],
    ["no user agent", "GET", {}, "no user agent"],
    ["a blank user agent", "GET", { "user-agent": "  " }, "no user agent"],
    ["Googlebot", "GET", { "user-agent": GOOGLEBOT }, "a bot"],
    ["Googlebot on a phone", "GET", { "user-agent": GOOGLEBOT_PHONE }, "a bot"],
    ["curl", "GET", { "user-agent": "curl/8.5.0" }, "a bot"],
    ["a speculation-rules prefetch", "GET", { "user-agent": CHROME_ANDROID, "sec-purpose": "prefetch" }, "a prefetch"],
    ["a prerender", "GET", { "user-agent": CHROME_ANDROID, "sec-purpose": "prefetch;prerender" }, "a prefetch"],
    ["an old-style prefetch", "GET", { "user-agent": WINDOWS, purpose: "prefetch" }, "a prefetch"],
  ])("%s: %s", (_, method, headers, reason) => {
    expect(notCounted(method, headers)).toBe(reason);
  });
});

describe("where a view came from", () => {
  const HOST = "www.kestrelroofing.co.uk";
  const none = (query = "") => new URLSearchParams(query);
  it.each<[string, URLSearchParams, string | undefined, { source: string; medium: string; campaign: string }]>([
    ["utm_source wins over the referrer", none("utm_source=Newsletter&utm_medium=Email&utm_campaign=Spring+2027"), "https://www.google.com/", { source: "newsletter", medium: "email", campaign: "spring2027" }],
    ["Google search", none(), "https://www.google.com/", { source: "Google", medium: "", campaign: "" }],
    ["Google in the UK", none(), "https://www.google.co.uk/", { source: "Google", medium: "", campaign: "" }],
    ["Google News", none(), "https://news.google.com/articles/x", { source: "Google", medium: "", campaign: "" }],
    ["Bing", none(), "https://www.bing.com/search?q=roofer", { source: "Bing", medium: "", campaign: "" }],
    ["Facebook's link shim", none(), "https://l.facebook.com/", { source: "Facebook", medium: "", campaign: "" }],
    ["Facebook on a phone", none(), "https://m.facebook.com/", { source: "Facebook", medium: "", campaign: "" }],
    ["Instagram", none(), "https://l.instagram.com/", { source: "Instagram", medium: "", campaign: "" }],
    ["another site, without www.", none(), "https://www.example.org/roofers", { source: "example.org", medium: "", campaign: "" }],
    ["not Google: a look-alike host", none(), "https://google.evil.example/", { source: "google.evil.example", medium: "", campaign: "" }],
    ["within the site", none(), "https://www.kestrelroofing.co.uk/services", { source: "Within the site", medium: "", campaign: "" }],
    ["direct", none(), undefined, { source: "Direct", medium: "", campaign: "" }],
    ["a referrer that is not a web address", none(), "android-app://com.google.android.gm/", { source: "Direct", medium: "", campaign: "" }],
  ])("%s", (_, query, referer, expected) => {
    expect(sourceOf(query, referer, HOST)).toEqual(expected);
  });

  it("keeps of a campaign tag only letters, digits and -_., at most 100 of them", () => {
    const tagged = sourceOf(new URLSearchParams({ utm_source: "<script>alert(1)</script>", utm_medium: "e-mail_1.0", utm_campaign: "x".repeat(300) }), undefined, HOST);
    expect(tagged).toEqual({ source: "scriptalert1script", medium: "e-mail_1.0", campaign: "x".repeat(100) });
    expect(sourceOf(new URLSearchParams({ utm_source: "!!!" }), "https://www.bing.com/", HOST).source, "nothing left of it: the referrer decides").toBe("Bing");
    expect(sourceOf(new URLSearchParams(), `https://${"a".repeat(200)}.example/`, HOST).source).toHaveLength(100);
  });

  it("takes the site's own host with a port, as in a local run", () => {
    expect(sourceOf(new URLSearchParams(), "http://localhost:3000/contact", "localhost:3000").source).toBe("Within the site");
  });
});

describe("on what device", () => {
  it.each<[string, string, string]>([
    ["an Android phone", CHROME_ANDROID, "Phone"],
    ["an iPhone", IPHONE, "Phone"],
    ["an Android tablet", ANDROID_TABLET, "Tablet"],
    ["an old iPad", OLD_IPAD, "Tablet"],
    ["an iPad asking for desktop pages", IPAD_DESKTOP, "Desktop"],
    ["Windows", WINDOWS, "Desktop"],
  ])("%s is a %s", (_, agent, device) => {
    expect(deviceOf(agent)).toBe(device);
  });
});

describe("the page that linked to a page not found", () => {
  it("keeps host and path, never the query", () => {
    expect(refererPage("https://www.example.org/links/roofers?session=secret#top")).toBe("www.example.org/links/roofers");
    expect(refererPage(undefined)).toBe("");
    expect(refererPage("not a url")).toBe("");
  });
});
