/**
 * The customer's own page (/c/{token}, issue 27 §6) as the visit e-mails link it. That page is
 * being built beside the visits; until both have landed, this answers no link and the e-mails
 * carry none. Wiring it up is this one function.
 */
import type { Lead } from "../requests/lead.ts";

export function customerPageLink(_lead: Pick<Lead, "id">, _siteUrl: string): string | undefined {
  return undefined;
}
