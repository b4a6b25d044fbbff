import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLOSED_LINK_STATUS, derivedToken, findByToken, hashToken, linkIdOf, linkState, newLinkId, newToken, type LinkFacts, type LinkState } from "./tokens.server.ts";

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

describe("a link shown again, derived with a key kept outside the database", () => {
  const key = randomBytes(32);
  const id = newLinkId();

  it("carries a 128-bit random id and a 128-bit MAC only the key makes, 43 characters like every token", () => {
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const token = derivedToken(key, "customer-page", id);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(token, "base64url").subarray(0, 16).toString("hex")).toBe(id);
    expect(derivedToken(key, "customer-page", id), "the same every time it is shown").toBe(token);
    expect(linkIdOf(key, "customer-page", token)).toBe(id);
  });

  it("differs for another id, another purpose and another key, and none opens the other's", () => {
    const token = derivedToken(key, "customer-page", id);
    const others = [derivedToken(key, "customer-page", newLinkId()), derivedToken(key, "calendar-feed", id), derivedToken(randomBytes(32), "customer-page", id)];
    expect(new Set([token, ...others]).size).toBe(4);
    expect(linkIdOf(key, "calendar-feed", token)).toBeUndefined();
    expect(linkIdOf(randomBytes(32), "customer-page", token), "the database's id without the key opens nothing").toBeUndefined();
  });

  it("refuses a forged token: a changed character, the id with any MAC, another length, not our shape", () => {
    const token = derivedToken(key, "customer-page", id);
    const bytes = Buffer.from(token, "base64url");
    const flipped = Buffer.from(bytes);
    flipped[31]! ^= 1;
    const guessed = Buffer.concat([bytes.subarray(0, 16), randomBytes(16)]).toString("base64url");
    for (const forged of [flipped.toString("base64url"), guessed, token.slice(0, 42), `${token}A`, newToken(), "A".repeat(43), "../../etc/passwd", ""]) {
      expect(linkIdOf(key, "customer-page", forged), forged).toBeUndefined();
    }
  });
});
