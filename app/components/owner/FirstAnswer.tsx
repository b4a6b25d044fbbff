import type { AnswerWay } from "~/lib/requests/lead.ts";
import { ANSWER_WAY_NAMES, answerLength, isOverdue, isWaiting, waitingText, type Clocked } from "~/lib/requests/clock.ts";
import { clockTime } from "~/lib/time/ago.ts";

/**
 * The request's clock: when it was first answered and how long after it arrived, or how long it
 * has waited. A tap on Call, E-mail or WhatsApp counts as an answer (their `ping`), as does a
 * change of status.
 */
export function FirstAnswer({ lead, now }: { lead: Clocked & { firstAnswerBy: AnswerWay | null }; now: Date }) {
  if (lead.firstAnswerAt) {
    const after = Date.parse(lead.firstAnswerAt) - Date.parse(lead.createdAt);
    return (
      <span>
        First answered <time dateTime={lead.firstAnswerAt}>{clockTime(lead.firstAnswerAt, lead.createdAt)}</time>
        {lead.firstAnswerBy && `, ${ANSWER_WAY_NAMES[lead.firstAnswerBy]}`} — {answerLength(after)} after it arrived
      </span>
    );
  }
  if (!isWaiting(lead)) return null;
  return (
    <span className={isOverdue(lead, now) ? "font-semibold text-danger" : "font-semibold"}>
      Not answered yet: {waitingText(lead, now)}
    </span>
  );
}
