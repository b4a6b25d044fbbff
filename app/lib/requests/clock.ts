/**
 * The clock on every request: how long it has waited for its first answer, when it is overdue,
 * and the words the inbox's headline leads with. Pure, with `now` passed in, so the tests can set
 * the time instead of waiting for it.
 */
import type { AnswerWay } from "./lead.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Unanswered this long, a request is marked Overdue: the owner promises an answer within a day. */
export const OVERDUE_MS = 24 * HOUR;

/** A wait as the owner reads it at a glance: "25 min" under an hour, "3 h" up to two days, then "3 days". */
export function waitLength(ms: number): string {
  if (ms < MINUTE) return "under 1 min";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < 48 * HOUR) return `${Math.floor(ms / HOUR)} h`;
  return `${Math.floor(ms / (24 * HOUR))} days`;
}

/** A time to answer, to the minute: "42 min", "1 h 12 min", "3 h", "2 days 4 h". */
export function answerLength(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

/** The request's fields the clock reads. */
export interface Clocked {
  createdAt: string;
  status: string;
  firstAnswerAt: string | null;
}

/** Still waiting: New, and not yet called, e-mailed or messaged from the owner's area. */
export function isWaiting(lead: Clocked): boolean {
  return lead.status === "new" && lead.firstAnswerAt === null;
}

export function waitingText(lead: Clocked, now: Date): string {
  return `waiting ${waitLength(now.getTime() - Date.parse(lead.createdAt))}`;
}

/** Unanswered for a day or more. */
export function isOverdue(lead: Clocked, now: Date): boolean {
  return isWaiting(lead) && now.getTime() - Date.parse(lead.createdAt) >= OVERDUE_MS;
}

export const ANSWER_WAY_NAMES: Record<AnswerWay, string> = {
  status: "by a change of status",
  call: "by phone",
  email: "by e-mail",
  whatsapp: "on WhatsApp",
};

/** The ways a tap on the request page answers it; "status" is recorded by the status change itself. */
export const TAP_WAYS = ["call", "email", "whatsapp"] as const satisfies readonly AnswerWay[];
export type TapWay = (typeof TAP_WAYS)[number];

export const isTapWay = (value: unknown): value is TapWay => TAP_WAYS.includes(value as TapWay);

/**
 * The address a Call, E-mail or WhatsApp link pings when tapped (HTML `ping`: no script needed).
 * Absolute, on the page's own origin: a ping must name an http(s) URL.
 */
export function answeredPing(origin: string, leadId: number, by: TapWay): string {
  return `${origin}/admin/requests/${leadId}/answered?by=${by}`;
}

/** The waiting requests the headline counts: how many, and when the oldest arrived. */
export interface Waiting {
  waiting: number;
  oldestWaitingAt: string | null;
}

/** "2 waiting, oldest 5 h", or "Nothing waiting". */
export function waitingHeadline(numbers: Waiting, now: Date): string {
  if (!numbers.waiting || !numbers.oldestWaitingAt) return "Nothing waiting";
  return `${numbers.waiting} waiting, oldest ${waitLength(now.getTime() - Date.parse(numbers.oldestWaitingAt))}`;
}

/** Whether anyone hears of a new request: by e-mail, or on a device with notifications turned on. */
export interface Telling {
  /** E-mail to the business is set up on this server. */
  mail: boolean;
  /** Devices that get a notification of each request. */
  devices: number;
  /** Requests whose e-mail has not gone out. */
  unsent: number;
}

export const NOBODY_TOLD = "Nobody is told about new requests: e-mail is not set up and no device has notifications turned on.";

export const nobodyIsTold = (telling: Telling): boolean => !telling.mail && telling.devices === 0;

/** The e-mail card: "Every e-mail sent" only when e-mail is set up and none is waiting. */
export function mailHeadline(telling: Telling): string {
  if (!telling.mail) return "E-mail is not set up";
  if (telling.unsent) return `${telling.unsent} ${telling.unsent === 1 ? "e-mail" : "e-mails"} not sent`;
  return "Every e-mail sent";
}

/** The first words of a message for a list: about `length` characters, cut between words. */
export function excerpt(text: string, length = 90): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length + 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : flat.slice(0, length)).replace(/[\s,.;:!?-]+$/, "")}…`;
}
