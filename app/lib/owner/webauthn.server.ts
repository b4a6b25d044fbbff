/**
 * The two passkey ceremonies on @simplewebauthn/server. Each is two posts: "options" (a fresh
 * challenge, kept server-side and tied to this browser by a short-lived cookie) and "verify"
 * (the authenticator's answer, checked against that challenge, which is then spent).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { hostCookie, readCookie, relyingParty } from "./auth.server.ts";
import { listPasskeys, passkeyByCredential, passkeyUsed, type Passkey } from "./passkeys.server.ts";
import { hashToken, newToken } from "../links/tokens.server.ts";
import type { Db } from "../db/connection.server.ts";

const CHALLENGE_COOKIE = "__Host-kestrel-ceremony";
const CHALLENGE_MS = 5 * 60 * 1000;

type Purpose = "register" | "authenticate";

/** Keeps the challenge and answers the cookie that finds it again. */
function keepChallenge(store: Db, challenge: string, purpose: Purpose): string {
  const id = newToken();
  const now = Date.now();
  store.db.prepare("DELETE FROM owner_challenges WHERE expires_at <= ?").run(new Date(now).toISOString());
  store.db
    .prepare("INSERT INTO owner_challenges (token_hash, challenge, purpose, expires_at) VALUES (?, ?, ?, ?)")
    .run(hashToken(id), challenge, purpose, new Date(now + CHALLENGE_MS).toISOString());
  return hostCookie(CHALLENGE_COOKIE, id, CHALLENGE_MS / 1000, "Strict");
}

/** The challenge this browser was given, spent: it cannot be answered twice. */
function spendChallenge(store: Db, request: Request, purpose: Purpose): string | undefined {
  const id = readCookie(request, CHALLENGE_COOKIE);
  if (!id) return undefined;
  const row = store.db
    .prepare("DELETE FROM owner_challenges WHERE token_hash = ? RETURNING challenge, purpose, expires_at AS expiresAt")
    .get(hashToken(id)) as { challenge: string; purpose: string; expiresAt: string } | undefined;
  if (!row || row.purpose !== purpose || row.expiresAt <= new Date().toISOString()) return undefined;
  return row.challenge;
}

export const spentChallengeCookie = () => hostCookie(CHALLENGE_COOKIE, "", 0, "Strict");

export class CeremonyError extends Error {}

function parseCredential<T>(text: FormDataEntryValue | null): T {
  try {
    const value = JSON.parse(String(text ?? "")) as unknown;
    if (value && typeof value === "object" && "id" in value && "response" in value) return value as T;
  } catch {
    // answered below
  }
  throw new CeremonyError("The passkey's answer could not be read. Try again.");
}

export async function registrationOptions(store: Db, request: Request, options: { rpName: string; userName: string }) {
  const { rpID } = relyingParty(request);
  const optionsJSON = await generateRegistrationOptions({
    rpName: options.rpName,
    rpID,
    userName: options.userName,
    attestationType: "none",
    excludeCredentials: listPasskeys(store).map((p) => ({ id: p.credentialId, transports: p.transports })),
    // The phone's own lock (fingerprint, face, PIN) must be passed: a phone left unlocked on a
    // van seat is not enough to sign in.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { optionsJSON, cookie: keepChallenge(store, optionsJSON.challenge, "register") };
}

export interface NewCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports?: string[];
}

/** Checks a new passkey; the caller stores it (with the invite or session it belongs to). */
export async function verifyRegistration(store: Db, request: Request, form: FormData): Promise<NewCredential> {
  const expectedChallenge = spendChallenge(store, request, "register");
  if (!expectedChallenge) throw new CeremonyError("That took too long. Press the button again.");
  const response = parseCredential<RegistrationResponseJSON>(form.get("credential"));
  const { rpID, origin } = relyingParty(request);
  let verification;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true });
  } catch (error) {
    throw new CeremonyError(`The passkey was not accepted (${error instanceof Error ? error.message : "unreadable"}).`);
  }
  if (!verification.verified) throw new CeremonyError("The passkey was not accepted.");
  const { credential } = verification.registrationInfo;
  return { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports };
}

export async function authenticationOptions(store: Db, request: Request) {
  const { rpID } = relyingParty(request);
  // No list of credentials: the device offers the passkeys it holds for this site.
  const optionsJSON = await generateAuthenticationOptions({ rpID, userVerification: "required" });
  return { optionsJSON, cookie: keepChallenge(store, optionsJSON.challenge, "authenticate") };
}

/** Checks a sign-in and returns the passkey it was made with. */
export async function verifyAuthentication(store: Db, request: Request, form: FormData): Promise<Passkey> {
  const expectedChallenge = spendChallenge(store, request, "authenticate");
  if (!expectedChallenge) throw new CeremonyError("That took too long. Press the button again.");
  const response = parseCredential<AuthenticationResponseJSON>(form.get("credential"));
  const passkey = passkeyByCredential(store, response.id);
  if (!passkey) throw new CeremonyError("This passkey is not known here: it may have been removed. Ask for a new invite.");
  const { rpID, origin } = relyingParty(request);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
    });
  } catch (error) {
    throw new CeremonyError(`The passkey was not accepted (${error instanceof Error ? error.message : "unreadable"}).`);
  }
  if (!verification.verified) throw new CeremonyError("The passkey was not accepted.");
  passkeyUsed(store, passkey.id, verification.authenticationInfo.newCounter);
  return passkey;
}
