/**
 * What the owner's area reads and changes in the requests table: the filtered list, one request
 * with its notes, status changes, e-mail retries and deletion. Every change is audited in the
 * same transaction.
 */
import { leadIdOfReference } from "../forms/reference.ts";
import { asLead, LEAD_COLUMNS, leadById, type Lead, type LeadForm } from "./lead.ts";
import { asRow, type Db } from "../db/connection.server.ts";
import type { LeadStore } from "./leads.server.ts";
import { sendOwnerMailNow } from "./notify.server.ts";
import { deviceCount } from "../jobs/push.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import { ANSWER_WAY_NAMES, type Telling, type TapWay, type Waiting } from "./clock.ts";
import { isStatus, LEAD_STATUSES, STATUS_NAMES, type LeadStatus } from "./status.ts";
import { addDays, startOfUkDay, ukDayStart } from "../time/uk-time.ts";
import { statusAfter, type StatusEvent } from "./job.ts";

export const PAGE_SIZE = 50;

/**
 * The requests still being worked (the inbox's Requests), and the closed ones kept in the store as
 * such (Lost and Spam); a Won job is in Jobs until it is paid in full, then closed as Paid
 * (lib/requests/job.ts), which the money says, not the status.
 */
export const OPEN_STATUSES = ["new", "contacted", "quoted"] as const satisfies LeadStatus[];
export const CLOSED_STATUSES = ["lost", "spam"] as const satisfies LeadStatus[];

/** One status, every open one, the Won jobs, the closed ones, or (absent or "all") any status. */
export type StatusFilter = LeadStatus | "open" | "jobs" | "closed" | "all";

export interface InboxFilter {
  status?: StatusFilter;
  form?: LeadForm;
  /** Matches name, phone (spaces ignored), e-mail and postcode or address, or a reference (K-1042). */
  q?: string;
  /** Only requests whose e-mail has not gone out. */
  unsent?: boolean;
  /** Only requests sent from this page (its path), as Insights links to them. */
  landing?: string;
  /** Only requests sent on or after / on or before these UK days (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

/** A UK day as a query string gives it, or undefined when it is not a real YYYY-MM-DD date. */
function dayParam(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

/** A page's path as a query string gives it: a path of the site, or undefined. */
function landingParam(value: string | null): string | undefined {
  return value && /^\/[\w\-/.]{0,99}$/.test(value) && !value.includes("..") ? value : undefined;
}

/** The filter a query string asks for; anything unknown is ignored, never an error. */
export function parseFilter(params: URLSearchParams): InboxFilter & { page: number } {
  const status = params.get("status");
  const form = params.get("form");
  // % would be a wildcard in the search: it is never part of a name, number or address.
  const q = (params.get("q") ?? "").replace(/[%\\]/g, "").trim().slice(0, 100);
  const page = Number(params.get("page") ?? 1);
  return {
    status: isStatus(status) || status === "open" || status === "jobs" || status === "closed" || status === "all" ? status : undefined,
    form: form === "quote" || form === "contact" ? form : undefined,
    q: q || undefined,
    unsent: params.get("unsent") === "1" || undefined,
    landing: landingParam(params.get("landing")),
    from: dayParam(params.get("from")),
    to: dayParam(params.get("to")),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The filter as a query string (without page), for links and the CSV download. */
export function filterQuery(filter: InboxFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.form) params.set("form", filter.form);
  if (filter.q) params.set("q", filter.q);
  if (filter.unsent) params.set("unsent", "1");
  if (filter.landing) params.set("landing", filter.landing);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  return params.toString();
}

const inList = (statuses: readonly LeadStatus[]) => `status IN (${statuses.map((status) => `'${status}'`).join(", ")})`;

function where(filter: InboxFilter): { sql: string; args: (string | number)[] } {
  const clauses: string[] = [];
  const args: string[] = [];
  if (filter.status === "open") clauses.push(inList(OPEN_STATUSES));
  else if (filter.status === "closed") clauses.push(inList(CLOSED_STATUSES));
  else if (filter.status === "jobs") clauses.push("status = 'won'");
  else if (filter.status && filter.status !== "all") {
    clauses.push("status = ?");
    args.push(filter.status);
  }
  if (filter.form) {
    clauses.push("form = ?");
    args.push(filter.form);
  }
  if (filter.unsent) clauses.push("delivery = 'pending'");
  if (filter.landing) {
    clauses.push("page = ?");
    args.push(filter.landing);
  }
  if (filter.from) {
    clauses.push("created_at >= ?");
    args.push(ukDayStart(filter.from).toISOString());
  }
  if (filter.to) {
    clauses.push("created_at < ?");
    args.push(ukDayStart(addDays(filter.to, 1)).toISOString());
  }
  // A reference read out on the phone ("K-1042") is the request's number, not text to look for.
  const referenced = filter.q ? leadIdOfReference(filter.q) : undefined;
  if (referenced) {
    clauses.push("id = ?");
    args.push(String(referenced));
  } else if (filter.q) {
    // The trigram index (leads_search) finds any part of the text, ignoring case.
    const words = filter.q;
    const squeezed = words.replace(/[\s()-]/g, "");
    clauses.push(
      squeezed === words
        ? "id IN (SELECT rowid FROM leads_search WHERE text LIKE ?)"
        : "id IN (SELECT rowid FROM leads_search WHERE text LIKE ? UNION SELECT rowid FROM leads_search WHERE text LIKE ?)",
    );
    args.push(`%${words}%`);
    if (squeezed !== words) args.push(`%${squeezed}%`);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", args };
}

/** A request as the inbox lists it: with how many photos came with it. */
export interface InboxLead extends Lead {
  photos: number;
}

export interface InboxPage {
  leads: InboxLead[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * What needs doing first: New requests, then Contacted, then Quoted, each oldest on top (the one
 * waiting longest); then the closed and spam ones, newest first.
 */
const WORK_ORDER = `CASE status WHEN 'new' THEN 0 WHEN 'contacted' THEN 1 WHEN 'quoted' THEN 2 ELSE 3 END,
  CASE WHEN ${inList(OPEN_STATUSES)} THEN created_at END ASC, created_at DESC, id DESC`;

/** One page of requests, in the order work is done: see WORK_ORDER. */
export function inboxPage(store: Db, filter: InboxFilter, page = 1): InboxPage {
  const { sql, args } = where(filter);
  const total = (store.db.prepare(`SELECT COUNT(*) AS n FROM leads ${sql}`).get(...args) as { n: number }).n;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const leads = store.db
    .prepare(
      `SELECT ${LEAD_COLUMNS}, (SELECT COUNT(*) FROM lead_photos WHERE lead_id = leads.id) AS photos
       FROM leads ${sql} ORDER BY ${WORK_ORDER} LIMIT ? OFFSET ?`,
    )
    .all(...args, PAGE_SIZE, (current - 1) * PAGE_SIZE)
    .map((row) => asRow<InboxLead>(row));
  return { leads, total, page: current, pageCount };
}

/**
 * Every Won request the filter's search, page and days match (whatever status it asks for), oldest
 * first: the Jobs list and the Paid ones are sorted out of them by their money.
 */
export function wonLeads(store: Db, filter: InboxFilter = {}): InboxLead[] {
  const { sql, args } = where({ ...filter, status: "jobs" });
  return store.db
    .prepare(`SELECT ${LEAD_COLUMNS}, (SELECT COUNT(*) FROM lead_photos WHERE lead_id = leads.id) AS photos FROM leads ${sql} ORDER BY id`)
    .all(...args)
    .map((row) => asRow<InboxLead>(row));
}

/** How many requests of each status the filter matches, whatever status it asks for: the inbox's filter links. */
export function statusCounts(store: Db, filter: InboxFilter): Record<LeadStatus, number> {
  const { sql, args } = where({ ...filter, status: undefined });
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const row of store.db.prepare(`SELECT status, COUNT(*) AS n FROM leads ${sql} GROUP BY status`).all(...args) as { status: LeadStatus; n: number }[]) counts[row.status] = row.n;
  return counts;
}

/** Every request the filter matches, for the CSV download. */
export function inboxAll(store: Db, filter: InboxFilter): Lead[] {
  const { sql, args } = where(filter);
  return store.db.prepare(`SELECT ${LEAD_COLUMNS} FROM leads ${sql} ORDER BY created_at DESC, id DESC`).all(...args).map(asLead);
}

export interface Headline extends Waiting, Telling {
  newToday: number;
  newTotal: number;
}

/**
 * The numbers the owner sees first: the requests waiting for an answer and the oldest of them,
 * and whether anyone is told of a new one. "Today" starts at midnight UK time. `mail` says
 * whether e-mail is set up (the services' ownerMail, which the server decides at start).
 */
export function headline(store: Db, now: Date = new Date(), options: { mail: boolean } = { mail: true }): Headline {
  const row = store.db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM leads WHERE status = 'new' AND created_at >= ?) AS newToday,
              (SELECT COUNT(*) FROM leads WHERE status = 'new') AS newTotal,
              (SELECT COUNT(*) FROM leads INDEXED BY leads_waiting WHERE status = 'new' AND first_answer_at IS NULL) AS waiting,
              (SELECT MIN(created_at) FROM leads INDEXED BY leads_waiting WHERE status = 'new' AND first_answer_at IS NULL) AS oldestWaitingAt,
              (SELECT COUNT(*) FROM leads WHERE delivery = 'pending') AS unsent`,
    )
    .get(startOfUkDay(now).toISOString()) as unknown as Omit<Headline, "mail" | "devices">;
  return { ...row, mail: options.mail, devices: deviceCount(store.db) };
}

export interface Note {
  id: number;
  createdAt: string;
  author: string;
  body: string;
}

/** A request's notes, newest first. */
export function notesOf(store: Db, leadId: number): Note[] {
  return store.db
    .prepare("SELECT id, created_at AS createdAt, author, body FROM lead_notes WHERE lead_id = ? ORDER BY created_at DESC, id DESC")
    .all(leadId)
    .map((row) => asRow<Note>(row));
}

export function setStatus(store: Db, id: number, status: LeadStatus, actor: string, now: Date = new Date()): boolean {
  return store.inTransaction(() => changeStatus(store, id, status, actor, now));
}

/**
 * The status change and its audit line, inside a transaction the caller holds (a quote's answer).
 * The first time the status leaves New is the request's first answer, unless a tap answered it
 * earlier: the earliest answer is kept.
 */
export function changeStatus(store: Db, id: number, status: LeadStatus, actor: string, now: Date = new Date()): boolean {
  const before = store.db.prepare("SELECT status FROM leads WHERE id = ?").get(id) as { status: LeadStatus } | undefined;
  if (!before) return false;
  if (before.status === status) return true;
  store.db.prepare("UPDATE leads SET status = ? WHERE id = ?").run(status, id);
  if (status !== "new") store.db.prepare("UPDATE leads SET first_answer_at = ?, first_answer_by = 'status' WHERE id = ? AND first_answer_at IS NULL").run(now.toISOString(), id);
  recordAudit(store, { actor, action: "changed the status", leadId: id, detail: `${STATUS_NAMES[before.status]} → ${STATUS_NAMES[status]}`, now });
  return true;
}

/**
 * The status that follows what happened (lib/requests/job.ts statusAfter), inside the caller's
 * transaction: a first answer, a quote sent, accepted or declined.
 */
export function followEvent(store: Db, id: number, event: StatusEvent, actor: string, now: Date = new Date()): boolean {
  const before = store.db.prepare("SELECT status FROM leads WHERE id = ?").get(id) as { status: LeadStatus } | undefined;
  return before ? changeStatus(store, id, statusAfter(before.status, event), actor, now) : false;
}

/**
 * The owner tapped Call, E-mail or WhatsApp on a request: its first answer, when it has none yet
 * (a later tap never moves it), with an audit line that first time only. "missing" for no such request.
 */
export function recordAnswer(store: Db, id: number, by: TapWay, actor: string, now: Date = new Date()): "recorded" | "kept" | "missing" {
  return store.inTransaction(() => {
    if (!store.db.prepare("SELECT 1 FROM leads WHERE id = ?").get(id)) return "missing";
    const changed = store.db.prepare("UPDATE leads SET first_answer_at = ?, first_answer_by = ? WHERE id = ? AND first_answer_at IS NULL").run(now.toISOString(), by, id).changes;
    if (!Number(changed)) return "kept";
    recordAudit(store, { actor, action: `answered ${ANSWER_WAY_NAMES[by]}`, leadId: id, now });
    followEvent(store, id, "answered", actor, now);
    return "recorded";
  });
}

export function addNote(store: Db, id: number, body: string, actor: string): boolean {
  return store.inTransaction(() => {
    if (!leadById(store, id)) return false;
    store.db.prepare("INSERT INTO lead_notes (lead_id, created_at, author, body) VALUES (?, ?, ?, ?)").run(id, new Date().toISOString(), actor, body);
    recordAudit(store, { actor, action: "added a note", leadId: id });
    return true;
  });
}

/** Puts an unsent request's e-mail first in the queue: it is tried on the queue's next pass. */
export function retryEmail(store: Db, id: number, actor: string): boolean {
  return store.inTransaction(() => {
    if (!sendOwnerMailNow(store.db, id, new Date())) return false;
    recordAudit(store, { actor, action: "asked for the e-mail to be sent again", leadId: id });
    return true;
  });
}

/**
 * Forgets a request: it goes with everything of its (app/lib/requests/erase.server.ts); the audit
 * keeps only that request N was deleted, and by whom. `first` runs in the same transaction before
 * it goes (the cancellations of its visits to come).
 */
export function deleteLead(store: LeadStore, id: number, actor: string, first?: () => void): boolean {
  return store.deleteLead(id, () => recordAudit(store, { actor, action: "deleted the request", leadId: id, detail: `request ${id}` }), first);
}
