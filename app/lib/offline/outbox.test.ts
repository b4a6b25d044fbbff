import { describe, expect, it } from "vitest";
import { heldWords, nextToSend, recordOf, resultOf, waitingWords, type OutboxItem } from "./outbox.ts";

let seq = 0;
function item(url: string, state: OutboxItem["state"] = "waiting", words = url): OutboxItem {
  return { seq: ++seq, url, page: url, fields: [["once", `k${seq}`]], words, madeAt: "2026-11-28T10:42:00Z", state };
}

describe("the outbox", () => {
  it("names the record an action works on", () => {
    expect(recordOf("/admin/requests/3")).toBe("requests/3");
    expect(recordOf("/admin/requests/3/visits/new")).toBe("requests/3");
    expect(recordOf("/admin/invoices/4/send")).toBe("invoices/4");
    expect(recordOf("http://localhost/admin/quotes/12?x=1")).toBe("quotes/12");
  });

  it("sends the first made first, whatever order they are read in", () => {
    const a = item("/admin/requests/1");
    const b = item("/admin/invoices/2");
    expect(nextToSend([b, a]).next).toBe(a);
  });

  it("holds a later action on a record whose earlier action could not be done, and sends the others", () => {
    const send = item("/admin/invoices/4/send", "failed", "Send invoice INV-2026-0004");
    const payment = item("/admin/invoices/4");
    const note = item("/admin/requests/9");
    const { next, held } = nextToSend([send, payment, note]);
    expect(held).toEqual([{ item: payment, by: send }]);
    expect(next).toBe(note);
    expect(heldWords(send)).toContain("Send invoice INV-2026-0004");
  });

  it("sends nothing when all are done or held", () => {
    expect(nextToSend([item("/admin/quotes/1", "failed"), item("/admin/quotes/1", "held")]).next).toBeUndefined();
  });

  it("counts only those waiting", () => {
    expect(waitingWords([item("/admin/a"), item("/admin/b"), item("/admin/c", "failed")])).toBe("2 waiting");
    expect(waitingWords([])).toBe("");
  });

  it("reads the server's answer: on to a page is sent, the page again is not done with its words, no signal is tried again", () => {
    const answer = { status: 200, location: null, unchanged: false, finalPath: "/admin/requests/3", words: "" };
    expect(resultOf({ ...answer, location: "/admin/requests/3?saved=note" })).toEqual({ sent: true });
    expect(resultOf({ ...answer, location: "/admin/quotes/3", unchanged: true, words: "This quote was sent on Sat 28 Nov, 10:50." })).toEqual({ sent: false, reason: "This quote was sent on Sat 28 Nov, 10:50: nothing was changed." });
    expect(resultOf({ ...answer, status: 409, words: "The quote was changed on another device." })).toEqual({ sent: false, reason: "The quote was changed on another device." });
    expect(resultOf({ ...answer, status: 400 })).toMatchObject({ sent: false });
    expect(resultOf({ ...answer, status: 502 })).toEqual({ retry: true });
    expect(resultOf({ ...answer, finalPath: "/admin/sign-in" })).toEqual({ retry: true });
  });
});
