/**
 * The one guard of the owner's area (docs/decisions: /admin is the one signed-in place) and the
 * session cookie. Every owner route sits under routes/admin/guard.tsx, whose middleware calls
 * `requireOwner` before any loader or action runs.
 */
import { redirect } from "react-router";
import { siteUrl } from "../public-site/seo.ts";
import { SESSION_IDLE_MS, resumeSession, type OwnerSession } from "./sessions.server.ts";
import type { Db } from "../db/connection.server.ts";

/** `__Host-`: Secure, Path=/ and no Domain, so no other host or path can set or read it. */
export const SESSION_COOKIE = "__Host-kestrel-owner";

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** A cookie only this site's pages send back, never readable by a script. */
export function hostCookie(name: string, value: string, maxAgeSeconds: number, sameSite: "Lax" | "Strict" = "Lax"): string {
  return `${name}=${value}; Path=/; HttpOnly; Secure; SameSite=${sameSite}; Max-Age=${maxAgeSeconds}`;
}

export function sessionCookie(token: string): string {
  return hostCookie(SESSION_COOKIE, token, SESSION_IDLE_MS / 1000);
}

export function clearedSessionCookie(): string {
  return hostCookie(SESSION_COOKIE, "", 0);
}

/** The signed-in owner, or undefined. */
export function currentOwner(store: Db, request: Request): OwnerSession | undefined {
  return resumeSession(store, readCookie(request, SESSION_COOKIE));
}

/** Where to go after signing in: an owner page, never another site. */
export function safeNext(value: unknown): string {
  return typeof value === "string" && /^\/admin(\/[\w-]+)*(\?[\w\-=&%.+]*)?$/.test(value) ? value : "/admin";
}

/** The signed-in owner; anyone else is sent to the sign-in page (which then brings them back). */
export function requireOwner(store: Db, request: Request): OwnerSession {
  const owner = currentOwner(store, request);
  if (owner) return owner;
  const url = new URL(request.url);
  const back = request.method === "GET" && url.pathname !== "/admin" ? `?next=${encodeURIComponent(url.pathname + url.search)}` : "";
  throw redirect(`/admin/sign-in${back}`, 303);
}

/**
 * The WebAuthn relying party: the host of SITE_URL, or localhost when the server is reached
 * there (a local run, the tests). The origin keeps the scheme the visitor used (behind a TLS
 * proxy, the forwarded one, which the server already put in the request URL).
 */
export function relyingParty(request: Request): { rpID: string; origin: string; siteHost: string } {
  const url = new URL(request.url);
  const site = new URL(siteUrl());
  if (url.hostname === "localhost") return { rpID: "localhost", origin: url.origin, siteHost: url.host };
  return { rpID: site.hostname, origin: `${url.protocol}//${site.host}`, siteHost: site.host };
}

/** True when passkeys can work at the address this page was reached on. */
export function passkeysWorkHere(request: Request): boolean {
  const url = new URL(request.url);
  return url.hostname === "localhost" || url.host === new URL(siteUrl()).host;
}
