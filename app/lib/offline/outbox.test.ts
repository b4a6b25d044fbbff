import { describe, expect, it } from "vitest";
import { ASK_AGAIN_AFTER_MS, heldWords, nextToSend, recordOf, resultOf, waitingWords, type OutboxItem } from "./outbox.ts";
import { fillWords } from "./words.ts";

let seq = 0;
function item(url: string, state: OutboxItem["state"] = "waiting", words = url): OutboxItem {
  return { seq: ++seq, url, page: url, fields: [["once", `k${seq}`]], words, madeAt: "2026-11-28T10:42:00Z", state };
}

describe("the outbox", () => {
  it("names the record an action works on", () => {
    const records = { "/admin/requests/3": "requests/3", "/admin/requests/3/visits/new": "requests/3", "/admin/invoices/4/send": "invoices/4", "http://localhost/admin/quotes/12?x=1": "quotes/12" };
    for (const [url, record] of Object.entries(records)) expect(recordOf(url), url).toBe(record);
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
    expect(nextToSend([item("/admin/quotes/1", "ask"), item("/admin/quotes/1", "held")]).next).toBeUndefined();
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

  it("asks again before a send to a customer that waited over 24 hours goes, and holds what follows it on that record", () => {
    const now = new Date(Date.parse("2026-11-28T10:42:00Z") + ASK_AGAIN_AFTER_MS + 60_000);
    const send = { ...item("/admin/quotes/7/send"), reachesCustomer: true };
    const later = item("/admin/quotes/7");
    const note = item("/admin/requests/2");
    const { next, ask, held } = nextToSend([send, later, note], now);
    expect(ask).toEqual([send]);
    expect(held).toEqual([{ item: later, by: send }]);
    expect(next).toBe(note);
    expect(nextToSend([send], new Date(Date.parse("2026-11-29T10:00:00Z"))).next, "under 24 hours it goes").toBe(send);
    expect(nextToSend([{ ...send, confirmedAt: now.toISOString() }], now).next, "said yes again, it goes").toMatchObject({ seq: send.seq });
    expect(nextToSend([{ ...item("/admin/requests/2"), madeAt: "2026-11-01T10:00:00Z" }], now).next, "a note never reaches a customer").toBeDefined();
  });

  it("never sends a held item by itself, even once what held it is dismissed", () => {
    expect(nextToSend([item("/admin/quotes/1", "held")]).next).toBeUndefined();
  });
});

describe("the outbox's words", () => {
  it("fills in what was typed: pounds, days and text", () => {
    const fields = [["amount", "1000"], ["date", "2026-11-29"], ["note", "  Cash  "]] as const;
    expect(fillWords("Payment of {£amount} on INV-2026-0004", fields)).toBe("Payment of £1,000.00 on INV-2026-0004");
    expect(fillWords("Visit for Margaret Hill on {@date}", fields)).toBe("Visit for Margaret Hill on Sun 29 Nov");
    expect(fillWords("Note: {note} {missing}", fields)).toBe("Note: Cash");
    expect(fillWords("Payment of {£amount}", [["amount", "ten"]])).toBe("Payment of ten");
  });
});
