import { describe, expect, it } from "vitest";
import { CLOSED_LINK_STATUS, findByToken, hashToken, linkState, newToken, type LinkFacts, type LinkState } from "./tokens.server.ts";

const NOW = new Date("2026-03-28T12:00:00Z");
const LATER = "2026-03-29T00:00:00.000Z";
const EARLIER = "2026-03-28T11:59:59.999Z";

describe("the one rule for private links", () => {
  it("mints 256 unguessable bits, and keeps only a hash that is not the link", () => {
    const tokens = new Set(Array.from({ length: 200 }, newToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
      expect(hashToken(token)).not.toContain(token);
    }
  });

  it.each<[string, LinkFacts | undefined, LinkState]>([
    ["nothing found", undefined, "unknown"],
    ["before its expiry", { expiresAt: LATER }, "open"],
    ["with no expiry", { expiresAt: null }, "open"],
    ["at its expiry", { expiresAt: NOW.toISOString() }, "expired"],
    ["past its expiry", { expiresAt: EARLIER }, "expired"],
    ["closed by its document before its expiry", { expiresAt: LATER, expired: true }, "expired"],
    ["replaced, even before its expiry", { expiresAt: LATER, replaced: true }, "replaced"],
    ["replaced and past its expiry: replaced says more", { expiresAt: EARLIER, replaced: true }, "replaced"],
    ["used once, when single use", { expiresAt: LATER, used: true }, "used"],
    ["used and past its expiry", { expiresAt: EARLIER, used: true }, "used"],
  ])("a link %s is %s", (_, facts, state) => {
    expect(linkState(facts, NOW)).toBe(state);
  });

  it("answers unknown with 404 and a link closed for good with 410", () => {
    expect(CLOSED_LINK_STATUS).toEqual({ unknown: 404, expired: 410, replaced: 410, used: 410 });
  });

  it("never looks up a token that is not of its shape, so a forged one meets the same unknown", () => {
    const asked: string[] = [];
    const find = (hash: string) => (asked.push(hash), { found: hash });
    for (const forged of ["", "short", "a".repeat(101), "../../etc/passwd", "abc def ghi jkl mno pqr", "<script>alert(1)</script>xxxxxxxx"]) {
      expect(findByToken(forged, find), forged).toBeUndefined();
    }
    expect(asked).toEqual([]);
    const token = newToken();
    expect(findByToken(token, find)).toEqual({ found: hashToken(token) });
  });
});
