import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { LeadStore } from "../app/lib/requests/leads.server.ts";
import { checkInvite } from "../app/lib/owner/invites.server.ts";
import { addPasskey } from "../app/lib/owner/passkeys.server.ts";
import { run } from "./owner.ts";

let dir: string;
const previous = { DATA_DIR: process.env.DATA_DIR, SITE_URL: process.env.SITE_URL };
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "owner-cli-"));
  process.env.DATA_DIR = dir;
  process.env.SITE_URL = "https://www.kestrel.example";
});
afterEach(() => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function capture(argv: string[]) {
  let out = "";
  const code = run(argv, (text) => (out += text));
  return { code, out };
}

const store = () => new LeadStore(path.join(dir, "leads.sqlite"));

it("invite prints a one-time link on SITE_URL whose path works on any host", () => {
  const { code, out } = capture(["invite", "--name", "Dave's phone"]);
  expect(code).toBe(0);
  const link = out.match(/https:\/\/www\.kestrel\.example(\/admin\/invite\/([\w-]{43}))/)!;
  expect(link).not.toBeNull();
  expect(out).toContain(`http://localhost:3000${link[1]}`);
  expect(out).toContain("Invite for Dave's phone");
  const s = store();
  const checked = checkInvite(s, link[2]!);
  s.close();
  expect(checked).toMatchObject({ state: "valid", invite: { name: "Dave's phone" } });
});

it("list shows the passkeys; revoke removes one by number, and says when there is none", () => {
  expect(capture(["list"]).out).toContain("No passkeys yet");
  const s = store();
  const key = addPasskey(s, { credentialId: "abc", publicKey: new Uint8Array([1, 2, 3]), counter: 0, name: "Lost phone" });
  s.close();
  expect(capture(["list"]).out).toMatch(new RegExp(`^${key.id}  Lost phone  added `));
  expect(capture(["revoke", String(key.id)])).toEqual({ code: 0, out: `Passkey ${key.id} removed; every browser it signed in is signed out.\n` });
  expect(capture(["revoke", String(key.id)]).code).toBe(1);
  expect(capture(["revoke", "x"]).code).toBe(2);
  expect(capture(["frobnicate"]).code).toBe(2);
});
