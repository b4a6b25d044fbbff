import { describe, expect, it } from "vitest";
import { wordsOfHtml } from "./send-outbox.ts";

describe("what a page says first, read by the service worker without a document", () => {
  it.each([
    ["its alert", `<header><p>Top</p></header><main><h1>Quote</h1><div role="alert"><p>This quote has been sent and is locked.</p></div><p>Other</p></main>`, "This quote has been sent and is locked."],
    ["its status when there is no alert", `<main><p role="status">Payment of &pound; recorded</p></main>`, "Payment of &pound; recorded"],
    ["its first line otherwise, entities read", `<p>Before main</p><main><h1>Hi</h1><p>Tom &amp; Jo&#39;s <strong>roof</strong></p></main>`, "Tom & Jo's roof"],
    ["nothing from a page that says nothing", `<main><h1>Empty</h1></main>`, ""],
  ])("%s", (_, html, words) => {
    expect(wordsOfHtml(html)).toBe(words);
  });
});
