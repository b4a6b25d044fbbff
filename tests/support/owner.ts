/**
 * A signed-in owner for tests that run no browser: a passkey row and a session made through the
 * store's own functions on the test server's database, as a passkey ceremony would leave them.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { LeadStore } from "../../app/lib/leads.server.ts";
import { SESSION_COOKIE } from "../../app/lib/owner/auth.server.ts";
import { addPasskey } from "../../app/lib/owner/passkeys.server.ts";
import { createSession } from "../../app/lib/owner/sessions.server.ts";

export function openStore(dataDir: string): LeadStore {
  return new LeadStore(path.join(dataDir, "leads.sqlite"));
}

export function signedInOwner(dataDir: string, name = "Test phone") {
  const store = openStore(dataDir);
  try {
    const passkey = addPasskey(store, { credentialId: randomBytes(16).toString("base64url"), publicKey: randomBytes(77), counter: 0, name });
    const token = createSession(store, passkey.id);
    return { passkeyId: passkey.id, token, cookie: `${SESSION_COOKIE}=${token}` };
  } finally {
    store.close();
  }
}
