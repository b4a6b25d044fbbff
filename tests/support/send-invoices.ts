/**
 * Sends the given draft invoices from a process of its own, on its own connection to the
 * database: two of these at once are two senders racing for the next number. Waits until the
 * start time given, so both begin together; prints the numbers it took, one per line.
 * Usage: node tests/support/send-invoices.ts DB_FILE START_MS ID...
 */
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { invoiceNumber, sendInvoice } from "../../app/lib/invoices/invoices.server.ts";
import { CUSTOMER as customer, SELLER as seller } from "./invoices.ts";

const [file, startMs, ...ids] = process.argv.slice(2);
const store = new LeadStore(file!);
while (Date.now() < Number(startMs)) await new Promise((resolve) => setTimeout(resolve, 1));
for (const id of ids) {
  const sent = sendInvoice(store, Number(id), { seller, customer, actor: "test" });
  process.stdout.write(`${typeof sent === "string" ? sent : invoiceNumber(sent)}\n`);
}
store.close();
