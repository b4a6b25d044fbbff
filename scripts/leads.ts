/**
 * The owner's command for stored requests:
 *   npm run leads                          newest first, readable in a terminal
 *   npm run -s leads -- --format csv|json  for a spreadsheet or another program (-s: no npm lines)
 *   npm run leads -- --since 2026-01-31    only requests from that day on
 *   npm run leads -- --purge-before 2024-12-01   erase the personal details of requests last in touch before
 * It reads the same DATA_DIR as the server. Each request shows how many photos came with it; the
 * JSON lists their file names under DATA_DIR/photos/.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { CSV_COLUMNS, toCsv, type ListedLead } from "../app/lib/requests/leads-csv.ts";
import { databaseFile } from "../app/lib/db/files.server.ts";
import { LeadStore } from "../app/lib/requests/leads.server.ts";
import { photoFilesByLead } from "../app/lib/requests/photo-store.server.ts";
import { forgottenLine } from "../app/lib/requests/forget.server.ts";
import { forgetInvoiceNames } from "../app/lib/requests/retention.ts";
import { recordAudit } from "../app/lib/db/audit.server.ts";
import { ukToday } from "../app/lib/time/uk-time.ts";

export { toCsv };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function toTable(leads: ListedLead[]): string {
  if (leads.length === 0) return "No requests stored.\n";
  const blocks = leads.map((lead) => {
    const delivery =
      lead.delivery === "pending"
        ? `UNSENT e-mail (${lead.attempts} attempt${lead.attempts === 1 ? "" : "s"}${lead.lastError ? `: ${lead.lastError}` : ""})`
        : lead.delivery === "sent"
          ? "e-mailed"
          : "stored (no e-mail set up)";
    return [
      `#${lead.id}  ${lead.createdAt.replace("T", " ").slice(0, 19)} UTC  ${lead.form} form on ${lead.page}  [${delivery}]`,
      `  ${lead.name} · ${lead.phone} · ${lead.email}${lead.location ? ` · ${lead.location}` : ""}${lead.photos.length ? ` · ${plural(lead.photos.length, "photo")}` : ""}`,
      ...lead.message.split(/\r?\n/).map((line) => `  > ${line}`),
    ].join("\n");
  });
  const unsent = leads.filter((l) => l.delivery === "pending").length;
  return `${blocks.join("\n\n")}\n\n${leads.length} request${leads.length === 1 ? "" : "s"}${unsent ? `, ${unsent} not yet e-mailed` : ""}.\n`;
}

function isoDate(value: string, flag: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new Error(`${flag} takes a date as YYYY-MM-DD, not "${value}"`);
  }
  return value;
}

export function run(argv: string[], out: (text: string) => void = (t) => process.stdout.write(t)): number {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        format: { type: "string", default: "table" },
        since: { type: "string" },
        "purge-before": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (args.help) {
    out("Usage: npm run leads -- [--format table|csv|json] [--since YYYY-MM-DD] [--purge-before YYYY-MM-DD]\n");
    return 0;
  }
  const file = databaseFile();
  try {
    if (!["table", "csv", "json"].includes(args.format!)) throw new Error(`--format is table, csv or json, not "${args.format}"`);
    const since = args.since ? isoDate(args.since, "--since") : undefined;
    const purge = args["purge-before"] ? isoDate(args["purge-before"], "--purge-before") : undefined;
    if (!existsSync(file)) {
      if (purge) out("Erased the personal details of 0 requests.\n");
      else out(args.format === "json" ? "[]\n" : args.format === "csv" ? `${CSV_COLUMNS.join(",")}\r\n` : `No requests stored (no database at ${file}).\n`);
      return 0;
    }
    const store = new LeadStore(file);
    try {
      if (purge) {
        // The nightly job's rules, with the day given here instead of 24 months ago.
        // Invoices keep the name and address they were made out to six years from the end of their tax year, whatever the day given.
        const forgotten = store.forgetBefore(purge, (n) =>
          recordAudit(store, { actor: "npm run leads", action: forgottenLine(n, purge, forgetInvoiceNames(store, ukToday())) }),
        );
        out(`Erased the personal details of ${forgotten} request${forgotten === 1 ? "" : "s"} last in touch before ${purge}.\n`);
        return 0;
      }
      const photos = photoFilesByLead(store);
      const leads = store.list({ since }).map((lead) => ({ ...lead, photos: photos.get(lead.id) ?? [] }));
      out(args.format === "json" ? `${JSON.stringify(leads, null, 2)}\n` : args.format === "csv" ? toCsv(leads) : toTable(leads));
      return 0;
    } finally {
      store.close();
    }
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
}

if (import.meta.main) process.exitCode = run(process.argv.slice(2));
