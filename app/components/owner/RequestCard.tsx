/**
 * A request in the inbox, built for a phone on a roof: the whole card is the link to it (name,
 * status, how long it has waited, its K-reference and first words), and the one-tap Call sits
 * beside the link, not inside it. The Call's ping counts as the request's first answer.
 */
import { PhoneIcon } from "../icons.tsx";
import { Unbroken } from "../Unbroken.tsx";
import { MoneyChip, OverdueChip, StatusChip, UnsentChip } from "./StatusChip.tsx";
import { When } from "./When.tsx";
import { ANSWER_WAY_NAMES, answeredPing, isOverdue, isWaiting, waitingText } from "~/lib/requests/clock.ts";
import type { InboxLead } from "~/lib/requests/inbox.server.ts";
import { nameOf } from "~/lib/requests/name.ts";
import { exactTime } from "~/lib/time/ago.ts";

export interface CardLead extends InboxLead {
  reference: string;
  origin: string;
  call: string;
  /** Where the job's money stands, once an invoice is sent: "Deposit paid", "Balance overdue", "Paid", "Invoice void". */
  money: string | null;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export function RequestCard({ lead, now, self }: { lead: CardLead; now: Date; self: string }) {
  return (
    <li className={`card flex items-start gap-1 p-0 ${lead.status === "new" ? "border-l-4 border-accent" : ""}`}>
      <a href={`/admin/requests/${lead.id}`} className="request-card min-w-0 flex-1 space-y-2 rounded-xl p-4 no-underline">
        <h2 className="text-lg break-words text-accent-dark underline decoration-2 underline-offset-4">{nameOf(lead)}</h2>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
          <StatusChip status={lead.status} size="base" />
          {isOverdue(lead, now) && <OverdueChip size="base" />}
          {lead.delivery === "pending" && <UnsentChip size="base" />}
          {lead.money && <MoneyChip words={lead.money} />}
          <span>
            {isWaiting(lead) ? (
              <time dateTime={lead.createdAt} title={exactTime(lead.createdAt)} className="font-bold text-ink">
                {waitingText(lead, now)}
              </time>
            ) : (
              <When iso={lead.createdAt} now={now} />
            )}
            {lead.status === "new" && lead.firstAnswerBy && ` · answered ${ANSWER_WAY_NAMES[lead.firstAnswerBy]}`}
            {" · "}
            <Unbroken text={lead.reference} />
          </span>
        </p>
        <p className="break-words text-ink">{lead.message}</p>
        <p className="text-muted">
          {lead.form === "quote" ? "Quote form" : "Contact form"} on the {lead.origin}
          {lead.photos > 0 && ` · ${plural(lead.photos, "photo")}`}
          {lead.location && ` · ${lead.location}`}
        </p>
      </a>
      <CardCall self={self} lead={lead} />
    </li>
  );
}

/** A card's Call: its tap kept as the first answer (the link's ping). None without a number. */
export function CardCall({ self, lead }: { self: string; lead: Parameters<typeof nameOf>[0] & { id: number; phone?: string | null; call: string } }) {
  if (!lead.phone) return null;
  return (
    <a href={lead.call} ping={answeredPing(self, lead.id, "call")} className="btn-primary m-3 ml-0 shrink-0">
      <PhoneIcon width="20" height="20" />
      Call<span className="sr-only"> {nameOf(lead)}</span>
    </a>
  );
}
