import { describe, expect, it } from "vitest";
import { decodablePath, readRequestTarget, UNDECODABLE_PATH_PAGE } from "./request-target.ts";

describe("readRequestTarget", () => {
  it.each([
    ["/", "/", ""],
    ["/contact", "/contact", ""],
    ["/areas/roofers-in-hitchin/", "/areas/roofers-in-hitchin/", ""],
    ["/services?ref=footer", "/services", "?ref=footer"],
    // Encoded slashes stay part of one segment: no page has such a name, so it is not found.
    ["/areas%2Froofers-in-hitchin/", "/areas%2Froofers-in-hitchin/", ""],
  ])("takes %s as it is", (target, pathname, search) => {
    expect(readRequestTarget(target)).toEqual({ pathname, search, canonical: true });
  });

  it.each([
    ["//contact", "/contact", ""],
    ["//anything/contact", "/anything/contact", ""],
    ["///anything/areas/roofers-in-hitchin/?a=1", "/anything/areas/roofers-in-hitchin/", "?a=1"],
    ["\\\\anything\\contact", "/anything/contact", ""],
    ["/\\anything/contact", "/anything/contact", ""],
    ["/areas\\roofers-in-hitchin/", "/areas/roofers-in-hitchin/", ""],
    ["/./contact", "/contact", ""],
    ["/services/../contact", "/contact", ""],
    ["/../../contact", "/contact", ""],
    ["/%2e%2e/contact", "/contact", ""],
    // Dot segments must not bring back a leading `//`, which a browser would read as a host.
    ["/.//evil.example/contact", "/evil.example/contact", ""],
    ["/x/..//evil.example", "/evil.example", ""],
    ["/contact#form", "/contact", ""],
    ["http://evil.example//contact?a=1", "/contact", "?a=1"],
    ["*", "/*", ""],
  ])("reads %s as the path %s", (target, pathname, search) => {
    expect(readRequestTarget(target)).toEqual({ pathname, search, canonical: false });
  });

  it("takes an absolute-form target with a canonical path as canonical", () => {
    expect(readRequestTarget("http://www.example.com/contact?a=1")).toEqual({ pathname: "/contact", search: "?a=1", canonical: true });
  });
});

describe("decodablePath", () => {
  it.each(["/", "/contact", "/areas%2Froofers-in-hitchin/", "/caf%C3%A9", "/q/abc/%20", "/%25"])("takes %s", (pathname) => {
    expect(decodablePath(pathname)).toBe(true);
  });

  it.each(["/q/abc/%FF", "/calendar/abc%FF.ics", "/%", "/%E0%A4%A", "/%C0%AF", "/%ZZ", "/a%2"])("refuses %s, which React Router would log whole", (pathname) => {
    expect(decodablePath(pathname)).toBe(false);
  });

  it("answers with a page that says the link is damaged and never repeats the address", () => {
    expect(UNDECODABLE_PATH_PAGE).toMatch(/^<!DOCTYPE html><html lang="en-GB">/);
    expect(UNDECODABLE_PATH_PAGE).toContain("<h1>This address cannot be read</h1>");
    expect(UNDECODABLE_PATH_PAGE).toContain('<a href="/">Return to Home</a>');
    expect(UNDECODABLE_PATH_PAGE).not.toContain("<script");
  });
});
