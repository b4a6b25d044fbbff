/**
 * What an action is (decision 28): a name, what it works on, one zod schema for its form, a version
 * check where it has one, and one function that applies it inside one transaction. Each trade
 * declares its actions beside it (`app/lib/invoices/actions.ts`…); one list registers them all
 * (`app/lib/action-table/action-table.server.ts`), and the one dispatcher (`./dispatch.server.ts`) runs them.
 * This room knows no trade.
 */
import type { core } from "zod/mini";
import type { Content } from "../../content/load.ts";
import type { FieldErrors } from "../forms/fields.ts";
import type { Upload } from "../photos/photos.server.ts";
import type { Services } from "../services/services.ts";

/** The database's stores, as the server hands them. */
export type Store = Services["store"];

/** Who posts it: the signed-in owner, or a customer through their private link. */
export type Side = "owner" | "customer";

/** What an action knows before its form is parsed: the address, the form as posted, the services and the time. */
export interface Finding {
  params: Readonly<Record<string, string | undefined>>;
  /** The request as posted, for its headers (the session's cookie, the browser's name); its body is read already. */
  request: Request;
  /** The form as posted (a thing named by a hidden field, such as a review's `id`, is found from it). */
  form: FormData;
  /** The address posted to (a page shared by several addresses tells them apart by it). */
  url: URL;
  /** The poster's network address, as the server saw it (a customer's answer records it). */
  clientAddress: string;
  store: Store;
  services: Services;
  /** The files a multipart form brought, as the server took them (or why it refused them); none for another form. */
  upload?: Upload;
  content: Content;
  now: Date;
}

/** What it knows while it applies: the thing it works on, who does it, and the form as posted. */
export interface Applying<Target> extends Finding {
  target: Target;
  /** The owner's passkey name, or "the customer". */
  actor: string;
  /** The passkey the owner signed in with (none for a customer). */
  passkeyId?: number;
  /** Wakes the background work once the change is committed (what it queued goes now). */
  wake: () => void;
}

/** Headers the answer carries (a cookie cleared when the owner is signed out), kept with its key. */
export type AnswerHeaders = Readonly<Record<string, string>>;

/**
 * What applying gave.
 * - `done`: a change was made; the owner is sent to `to` (with `?saved=` its words, when any, and
 *   `headers`, when any). Its key is kept with this answer, and its audit lines name the action.
 * - `redirect`: nothing changed (the question asked first, a thing already sent): sent to `to`.
 * - `answer`: nothing changed; the page is shown again with `body` (a refusal at a field, a 409).
 */
export type Outcome = { kind: "done"; to: string; saved?: string; headers?: AnswerHeaders } | { kind: "redirect"; to: string; headers?: AnswerHeaders } | { kind: "answer"; status: number; body: unknown };

export const done = (to: string, saved?: string, headers?: AnswerHeaders): Outcome => ({ kind: "done", to, saved, ...(headers && { headers }) });
export const redirectTo = (to: string): Outcome => ({ kind: "redirect", to });
export const answer = (body: unknown, status = 400): Outcome => ({ kind: "answer", status, body });

/** What `find` throws when the page answers that it cannot work on it (a customer's closed link): shown again with its words, nothing kept. */
export class Refused {
  readonly outcome: Outcome;
  constructor(outcome: Outcome) {
    this.outcome = outcome;
  }
}

/** From `find`: the page is shown again with `body` and `status` (the closed link's own words), and nothing runs or is kept. */
export function refuse(body: unknown, status = 400): never {
  throw new Refused(answer(body, status));
}

export interface ActionDefinition<Input = unknown, Target = unknown, Prepared = undefined, Name extends string = string> {
  /** The action's one name, as the audit, the tests and the phone's outbox say it: `payment.record`. */
  name: Name;
  /** Who posts it (default the owner). */
  side?: Side;
  /** The button that picks it on a page with several forms (the posted `intent`), or a test of it; none: the page's only form. */
  intent?: string | readonly string[] | ((intent: string) => boolean);
  /** What its page says of a button it does not have, when this is the page's first action (default `UNKNOWN_BUTTON`). */
  unknownButton?: string;
  /** The words it says when done (a `?saved=` code of its page), unless its outcome names others. */
  done?: string;
  /**
   * What it works on, from the address; throws a 404 when there is no such thing, or `refuse`s
   * with the page's own words (the customer's link does not open it). A customer's page checks its
   * link first: its first action's `find` runs even for a button the page does not have.
   */
  find?: (finding: Finding) => Target;
  /** Its form: typed values, or a message at each wrong field. */
  schema: core.$ZodType<Input> | ((finding: Finding & { target: Target }) => core.$ZodType<Input>);
  /**
   * An answer before the form is parsed, that changes nothing: the page redrawn (Add another day,
   * Check totals), or what was sent already (a second Send from another page). Else undefined.
   */
  early?: (form: FormData, finding: Finding & { target: Target }) => Outcome | undefined;
  /** The page's answer to a refused form: the messages at their fields, with what was typed kept (read as the site's content says, such as whether VAT is charged). */
  refused?: (errors: FieldErrors<string>, form: FormData, content: Content) => unknown;
  /** The version the page was shown at (posted as `version`): when the thing has changed since, 409 with `stale`. */
  version?: { of: (target: Target) => string; stale: unknown };
  /** Work that must wait for something (files, a render) before the change; the key is held meanwhile. */
  prepare?: (input: Input, applying: Applying<Target>) => Promise<Prepared>;
  /** Once the transaction is over, with what `prepare` made: whether the change was committed (what it staged goes live) or not (it is dropped). */
  after?: (prepared: Prepared, committed: boolean) => void;
  /** Applies it, inside the one transaction that also keeps its key and its audit line. */
  apply: (input: Input, applying: Applying<Target>, prepared: Prepared) => Outcome;
}

/** An action, declared once beside its trade. */
export function defineAction<const Name extends string, Input, Target = undefined, Prepared = undefined>(definition: ActionDefinition<Input, Target, Prepared, Name>): ActionDefinition<Input, Target, Prepared, Name> {
  return definition;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds actions of every input and target
export type AnyAction = ActionDefinition<any, any, any>;
