/**
 * A request seen through its job (issue 35 §1–2), in pure functions the inbox and the request page
 * share: the status that follows what happened, the stage a Won job has reached once paid in full,
 * the order of the Jobs list, and the one Next step. Nothing here reads the store: the facts come in.
 */
import type { LeadStatus } from "./status.ts";

/** What happened to a request that moves its status by itself; the radios stay for the rest. */
export type StatusEvent = "answered" | "quote-sent" | "quote-accepted" | "quote-declined";

/**
 * The status after an event: a first answer (phone, e-mail or WhatsApp) moves New to Contacted; a
 * quote sent moves it to Quoted (a Won job stays Won: a second quote is extra work); accepted is
 * Won and declined is Lost.
 */
export function statusAfter(current: LeadStatus, event: StatusEvent): LeadStatus {
  switch (event) {
    case "answered":
      return current === "new" ? "contacted" : current;
    case "quote-sent":
      return current === "won" ? "won" : "quoted";
    case "quote-accepted":
      return "won";
    case "quote-declined":
      return "lost";
  }
}

/** Where a request stands for the inbox: its status, or Paid for a Won job paid in full. */
export type Stage = LeadStatus | "paid";

export const STAGE_NAMES: Record<Stage, string> = { new: "New", contacted: "Contacted", quoted: "Quoted", won: "Won", paid: "Paid", lost: "Lost", spam: "Spam" };

/** A job paid in full is Paid: it leaves Jobs for Show closed. Paid is read from the money, never stored. */
export function stageOf(status: LeadStatus, paidInFull: boolean): Stage {
  return status === "won" && paidInFull ? "paid" : status;
}

/** What a customer did that the owner has not seen yet: a chip on the card until he opens the job. */
export type Asked = "rearrange" | "review" | "accepted";

export const ASKED_WORDS: Record<Asked, string> = { rearrange: "Asked to rearrange", review: "New review", accepted: "Quote accepted" };

/** A job as the Jobs list orders it. */
export interface JobRank {
  id: number;
  /** Some of its money is past its due date. */
  overdue: boolean;
  asked: readonly Asked[];
  /** When its next visit starts (ISO), or null with none to come. */
  nextVisitAt: string | null;
}

/** 0 overdue money, 1 a customer's question, 2 a visit to come, 3 the rest. */
function groupOf(job: JobRank): number {
  if (job.overdue) return 0;
  if (job.asked.length) return 1;
  return job.nextVisitAt ? 2 : 3;
}

/**
 * The Jobs list's order: overdue money first, then a customer's question, then the next visit
 * soonest first, then the rest; within each, the soonest visit first, then the oldest request.
 */
export function byWhatNeedsDoing(a: JobRank, b: JobRank): number {
  const group = groupOf(a) - groupOf(b);
  if (group) return group;
  if (a.nextVisitAt !== b.nextVisitAt) {
    if (!a.nextVisitAt) return 1;
    if (!b.nextVisitAt) return -1;
    return a.nextVisitAt < b.nextVisitAt ? -1 : 1;
  }
  return a.id - b.id;
}

export function jobsInOrder<T extends JobRank>(jobs: readonly T[]): T[] {
  return jobs.toSorted(byWhatNeedsDoing);
}

/** The quote in play, as Next step needs it. */
export type StepQuoteStatus = "draft" | "sent" | "viewed" | "accepted" | "declined" | "expired" | "replaced";

/** Everything Next step reads, gathered by the request page. */
export interface StepFacts {
  status: LeadStatus;
  /** A first answer is recorded (a tap or a status change). */
  answered: boolean;
  /** A survey is booked, to come or over. */
  surveyBooked: boolean;
  /** The newest quote that is not a replaced one. */
  quote: StepQuoteStatus | null;
  /** Start of every job day booked (not cancelled), ISO. */
  jobDays: readonly string[];
  /** Any invoice has been sent. */
  invoiceSent: boolean;
  /** The invoices sent cover the whole of the accepted quote (or there is nothing left to invoice). */
  invoicedInFull: boolean;
  /** A review was asked for (Job done). */
  reviewAsked: boolean;
}

export type NextStepKind =
  | "closed"
  | "answer"
  | "book-survey"
  | "quote"
  | "finish-quote"
  | "wait-for-answer"
  | "schedule"
  | "invoice-deposit"
  | "wait-for-job-days"
  | "invoice-balance"
  | "ask-for-review"
  | "done";

export type Step = { kind: Exclude<NextStepKind, "wait-for-job-days"> } | { kind: "wait-for-job-days"; nextJobDay: string };

/** The first job day still to come at `now` (ISO start), if any. */
export function jobDayToCome(jobDays: readonly string[], now: Date): string | undefined {
  return jobDays.filter((start) => start > now.toISOString()).toSorted()[0];
}

/**
 * The one next thing, in the order: answer; book a survey; quote; on Won schedule the
 * job's days; invoice the deposit when none is sent; wait for the job days; invoice the balance;
 * ask for the review. Lost and Spam are closed.
 */
export function nextStep(facts: StepFacts, now: Date): Step {
  if (facts.status === "lost" || facts.status === "spam") return { kind: "closed" };
  if (facts.status !== "won") {
    if (facts.status === "new" && !facts.answered) return { kind: "answer" };
    if (facts.quote === "draft") return { kind: "finish-quote" };
    if (facts.quote === "sent" || facts.quote === "viewed") return { kind: "wait-for-answer" };
    if (!facts.surveyBooked && !facts.quote) return { kind: "book-survey" };
    return { kind: "quote" };
  }
  if (facts.jobDays.length === 0) return { kind: "schedule" };
  if (!facts.invoiceSent) return { kind: "invoice-deposit" };
  const toCome = jobDayToCome(facts.jobDays, now);
  if (toCome) return { kind: "wait-for-job-days", nextJobDay: toCome };
  if (!facts.invoicedInFull) return { kind: "invoice-balance" };
  if (!facts.reviewAsked) return { kind: "ask-for-review" };
  return { kind: "done" };
}
