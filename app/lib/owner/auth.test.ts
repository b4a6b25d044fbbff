import { afterEach, expect, it } from "vitest";
import { passkeysWorkHere, relyingParty, safeNext } from "./auth.server.ts";

const previous = process.env.SITE_URL;
afterEach(() => {
  process.env.SITE_URL = previous;
});

it("the relying party is SITE_URL's host, or localhost when reached there; the origin keeps the visitor's scheme", () => {
  process.env.SITE_URL = "https://www.kestrel.example";
  expect(relyingParty(new Request("http://localhost:3000/admin"))).toMatchObject({ rpID: "localhost", origin: "http://localhost:3000" });
  // Behind a TLS proxy the server builds the request URL with the forwarded scheme.
  expect(relyingParty(new Request("https://www.kestrel.example/admin"))).toMatchObject({ rpID: "www.kestrel.example", origin: "https://www.kestrel.example" });
  expect(relyingParty(new Request("http://www.kestrel.example/admin"))).toMatchObject({ rpID: "www.kestrel.example", origin: "http://www.kestrel.example" });
  expect(passkeysWorkHere(new Request("http://127.0.0.1:3000/admin"))).toBe(false);
  expect(passkeysWorkHere(new Request("https://www.kestrel.example/admin/sign-in"))).toBe(true);
});

it("after sign-in goes only to an owner page of this site", () => {
  expect(safeNext("/admin/requests/12")).toBe("/admin/requests/12");
  expect(safeNext("/admin?status=new&page=2")).toBe("/admin?status=new&page=2");
  for (const bad of ["https://evil.example/admin", "//evil.example", "/administrator", "/", "/admin/../contact", null, 5]) {
    expect(safeNext(bad), String(bad)).toBe("/admin");
  }
});
