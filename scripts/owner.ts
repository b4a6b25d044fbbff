/**
 * The owner's area from the server's shell:
 *   npm run owner -- invite [--name NAME]   a one-time link to create a passkey (24 hours)
 *   npm run owner -- list                   the passkeys that can sign in
 *   npm run owner -- revoke ID              remove a passkey (a lost phone) and end its sessions
 * It reads the same DATA_DIR (and SITE_URL, for the printed link) as the server.
 */
import { parseArgs } from "node:util";
import { databaseFile } from "../app/lib/db/files.server.ts";
import { LeadStore } from "../app/lib/requests/leads.server.ts";
import { createInvite, invitePath, INVITE_VALID_MS } from "../app/lib/owner/invites.server.ts";
import { listPasskeys, removePasskey } from "../app/lib/owner/passkeys.server.ts";

const USAGE = "Usage: npm run owner -- invite [--name NAME] | list | revoke ID\n";
/** Who made a change from the shell, in the audit. */
export const SHELL_ACTOR = "server shell";

export function run(argv: string[], out: (text: string) => void = (t) => process.stdout.write(t)): number {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { name: { type: "string" }, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || !command) {
    out(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const store = new LeadStore(databaseFile());
  try {
    switch (command) {
      case "invite": {
        const name = (parsed.values.name ?? "Owner").trim().slice(0, 60) || "Owner";
        const { token, invite } = createInvite(store, { name });
        const site = (process.env.SITE_URL || "https://www.example.com").replace(/\/+$/, "");
        out(
          `Invite for ${name}, valid once until ${invite.expiresAt.replace("T", " ").slice(0, 16)} UTC (${INVITE_VALID_MS / 3_600_000} hours):\n\n` +
            `  ${site}${invitePath(token)}\n\n` +
            `The path works on any address the server answers, e.g. http://localhost:3000${invitePath(token)}\n`,
        );
        return 0;
      }
      case "list": {
        const passkeys = listPasskeys(store);
        if (passkeys.length === 0) out("No passkeys yet. Make an invite: npm run owner -- invite\n");
        for (const p of passkeys) out(`${p.id}  ${p.name}  added ${p.createdAt.slice(0, 16).replace("T", " ")}  last used ${p.lastUsedAt?.slice(0, 16).replace("T", " ") ?? "never"}\n`);
        return 0;
      }
      case "revoke": {
        const id = Number(rest[0]);
        if (!Number.isSafeInteger(id) || id < 1) {
          console.error("revoke takes a passkey's number from `npm run owner -- list`");
          return 2;
        }
        if (!removePasskey(store, id, SHELL_ACTOR)) {
          console.error(`No passkey ${id}. See npm run owner -- list`);
          return 1;
        }
        out(`Passkey ${id} removed; every browser it signed in is signed out.\n`);
        return 0;
      }
      default:
        console.error(USAGE.trim());
        return 2;
    }
  } finally {
    store.close();
  }
}

if (import.meta.main) process.exitCode = run(process.argv.slice(2));
