/** The owner's passkeys: the public key of each, never a secret. Removing one ends its sessions. */
import { recordAudit } from "../db/audit.server.ts";
import type { Db } from "../db/connection.server.ts";

export interface Passkey {
  id: number;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const COLUMNS = `id, credential_id AS credentialId, public_key AS publicKey, counter, transports, name,
  created_at AS createdAt, last_used_at AS lastUsedAt`;

function asPasskey(row: unknown): Passkey {
  const fields = row as Omit<Passkey, "transports"> & { transports: string };
  return { ...fields, publicKey: new Uint8Array(fields.publicKey), transports: fields.transports ? fields.transports.split(",") : [] };
}

export function addPasskey(
  store: Db,
  passkey: { credentialId: string; publicKey: Uint8Array; counter: number; transports?: string[]; name: string; now?: Date },
): Passkey {
  const row = store.db
    .prepare(
      `INSERT INTO passkeys (credential_id, public_key, counter, transports, name, created_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    )
    .get(
      passkey.credentialId,
      passkey.publicKey,
      passkey.counter,
      (passkey.transports ?? []).join(","),
      passkey.name,
      (passkey.now ?? new Date()).toISOString(),
      (passkey.now ?? new Date()).toISOString(),
    );
  return asPasskey(row);
}

export function listPasskeys(store: Db): Passkey[] {
  return store.db.prepare(`SELECT ${COLUMNS} FROM passkeys ORDER BY id`).all().map(asPasskey);
}

export function passkeyByCredential(store: Db, credentialId: string): Passkey | undefined {
  const row = store.db.prepare(`SELECT ${COLUMNS} FROM passkeys WHERE credential_id = ?`).get(credentialId);
  return row ? asPasskey(row) : undefined;
}

export function passkeyUsed(store: Db, id: number, counter: number, now: Date = new Date()) {
  store.db.prepare("UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?").run(counter, now.toISOString(), id);
}

/** Removes a passkey, every session signed in with it and its devices' notifications; false when there was no such passkey. */
export function removePasskey(store: Db, id: number, actor: string): boolean {
  return store.inTransaction(() => {
    const row = store.db.prepare("DELETE FROM passkeys WHERE id = ? RETURNING name").get(id) as { name: string } | undefined;
    if (!row) return false;
    store.db.prepare("DELETE FROM owner_sessions WHERE passkey_id = ?").run(id);
    // The devices it turned notifications on for stop getting them with it.
    store.db.prepare("DELETE FROM push_subscriptions WHERE passkey_id = ?").run(id);
    recordAudit(store, { actor, action: "removed a passkey", detail: row.name });
    return true;
  });
}
