/**
 * The one way in for a POST of the owner's area and of the customers' pages (decision 28). In
 * order: the origin rule (held by the server before the app, decision 19), who posts it (the
 * owner's sign-in, set by the guard; or the customer's link, which `find` opens), the once-only
 * key (a key already applied gets its first answer and nothing runs), the parse (field errors with
 * the values kept), the version check (409 on a stale page), the apply inside one transaction, and
 * in that transaction the key kept with its answer and the audit lines naming the action.
 */
import { data, redirect, type RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { UNKNOWN_BUTTON, parseForm } from "../forms/parse-form.ts";
import { readForm } from "../forms/read-form.server.ts";
import { clientAddressContext, contentOf, servicesOf, uploadContext } from "../services/services.ts";
import { appliedKey, recordAppliedKey, type StoredAnswer } from "../db/applied-keys.server.ts";
import { statement } from "../db/statements.ts";
import { Refused, type AnswerHeaders, type AnyAction, type Applying, type Finding, type Outcome, type Store } from "./define.ts";
import { ONCE_FIELD, onceKeyOf } from "./once-key.ts";

export interface PostArgs {
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  context: Readonly<RouterContextProvider>;
}

/** A key posted again with a different action or address than it was applied with. */
export const KEY_USED_ELSEWHERE = "This form was already used for another change. Reload the page and try again.";

/** The keys being applied now, by database: a second post of one waits for the first's answer. */
const claims = new WeakMap<Store, Map<string, Promise<void>>>();

function claimsOf(store: Store) {
  let held = claims.get(store);
  if (!held) claims.set(store, (held = new Map()));
  return held;
}

/** The page's action that the posted button names; a page's only action needs none. */
function pick(actions: readonly AnyAction[], form: FormData): AnyAction | undefined {
  if (actions.length === 1 && actions[0]!.intent === undefined) return actions[0];
  const intent = form.get("intent");
  const posted = typeof intent === "string" ? intent : "";
  return actions.find(({ intent: picks }) => (typeof picks === "function" ? picks(posted) : typeof picks === "string" ? picks === posted : picks?.includes(posted)));
}

/** The mark on a redirect that changed nothing. */
export const UNCHANGED_HEADER = "X-Nothing-Changed";

function withSaved(to: string, saved: string | undefined) {
  if (!saved) return to;
  const [path, hash] = to.split("#", 2);
  return `${path}${path!.includes("?") ? "&" : "?"}saved=${encodeURIComponent(saved)}${hash === undefined ? "" : `#${hash}`}`;
}

function respond(answer: StoredAnswer) {
  return "to" in answer ? redirect(answer.to, { status: answer.status, headers: answer.headers }) : data(answer.body, { status: answer.status });
}

/** Nothing changed: the page asked first, or found it done already. The phone's outbox reads the mark (decision 34). */
function respondUnchanged(outcome: Outcome) {
  return outcome.kind === "answer" ? data(outcome.body, { status: outcome.status }) : redirect(outcome.to, { status: 303, headers: { ...outcome.headers, [UNCHANGED_HEADER]: "1" } });
}

/** An outcome that changed nothing. */
type Unchanged = Exclude<Outcome, { kind: "done" }>;

/** An outcome that changed nothing leaves the transaction by this, so nothing of it is kept. */
class NothingChanged {
  readonly outcome: Unchanged;
  constructor(outcome: Unchanged) {
    this.outcome = outcome;
  }
}

/** Runs `find`; the page's answer when it refused (`refuse`), else undefined. */
function refusedBy(find: () => unknown) {
  try {
    find();
    return undefined;
  } catch (error) {
    if (error instanceof Refused) return respondUnchanged(error.outcome);
    throw error;
  }
}

function replay(store: Store, key: string, action: AnyAction, path: string) {
  const applied = appliedKey(store.db, key);
  if (!applied) return undefined;
  if (applied.name !== action.name || applied.path !== path) throw data(KEY_USED_ELSEWHERE, { status: 409 });
  return respond(applied.answer);
}

/**
 * Runs the posted one of `actions` (a page's forms) as `actor`; answers what the page shows.
 * `actor` is who is signed in (the owner's area) or "the customer"; `passkeyId` the passkey the owner signed in with.
 */
export function dispatch<Answer = unknown>(args: PostArgs, actions: readonly AnyAction[], actor: string, passkeyId?: number): Promise<Response | DataWithResponseInit<Answer>> {
  // The answer's shape is the page's (what its forms show again); the actions build it.
  return dispatchAny(args, actions, actor, passkeyId) as Promise<Response | DataWithResponseInit<Answer>>;
}

async function dispatchAny(args: PostArgs, actions: readonly AnyAction[], actor: string, passkeyId: number | undefined) {
  const form = await readForm(args.request);
  const services = servicesOf(args.context);
  const store = services.store;
  const url = new URL(args.request.url);
  const path = url.pathname;
  // One object for the whole post: what `find` is given, then, with its target, what the rest is.
  let woken = false;
  const applying: Applying<unknown> = {
    params: args.params,
    request: args.request,
    form,
    url,
    clientAddress: args.context.get(clientAddressContext),
    upload: args.context.get(uploadContext),
    store,
    services,
    content: contentOf(args.context),
    now: new Date(),
    target: undefined,
    actor,
    passkeyId,
    wake: () => (woken = true),
  };
  const finding: Finding = applying;
  const action = pick(actions, form);
  if (!action) {
    const first = actions[0]!;
    // A customer's closed link says so, whatever was pressed.
    if (first.side === "customer" && first.find) {
      const closed = refusedBy(() => first.find!(finding));
      if (closed) return closed;
    }
    const errors = { intent: first.unknownButton ?? UNKNOWN_BUTTON };
    return data(first.refused ? first.refused(errors, form, finding.content) : { errors }, { status: 400 });
  }
  const key = onceKeyOf(form.get(ONCE_FIELD));
  const held = claimsOf(store);
  if (key) {
    // The same key still being applied (a second connection): its answer, once it has one. No
    // wait otherwise, so nothing else runs between this look and the claim below.
    const pending = held.get(key);
    if (pending) await pending;
    const again = replay(store, key, action, path);
    if (again) return again;
  }

  const refused = refusedBy(() => (applying.target = action.find?.(finding)));
  if (refused) return refused;
  const target = applying.target;
  const early = action.early?.(form, applying);
  if (early) return respondUnchanged(early);
  const schema = typeof action.schema === "function" ? action.schema(applying) : action.schema;
  const parsed = parseForm(schema, form);
  if (!parsed.ok) return data(action.refused ? action.refused(parsed.errors, form, finding.content) : { errors: parsed.errors }, { status: 400 });
  if (action.version && form.get("version") !== action.version.of(target)) return data(action.version.stale, { status: 409 });

  let release = () => {};
  if (key) held.set(key, new Promise<void>((resolve) => (release = resolve)));
  let prepared: { value: unknown } | undefined;
  try {
    if (action.prepare) prepared = { value: await action.prepare(parsed.value, applying) };
    const outcome = applyOnce(store, action, parsed.value, applying, prepared?.value, key, path);
    if (prepared) action.after?.(prepared.value, outcome.kind === "done");
    prepared = undefined;
    if (outcome.kind !== "done") return respondUnchanged(outcome);
    if (woken) services.wake();
    return redirect(outcome.answered, { status: 303, headers: outcome.headers });
  } finally {
    // The apply threw: what was prepared is dropped.
    if (prepared) action.after?.(prepared.value, false);
    if (key) held.delete(key);
    release();
  }
}

/** What `applyOnce` gives: an outcome that changed nothing, or the address a done change answers with. */
type Answered = Unchanged | { kind: "done"; answered: string; headers?: AnswerHeaders };

/** The change, its key and its audit lines, in one transaction; an outcome that changed nothing keeps nothing. */
function applyOnce(store: Store, action: AnyAction, input: unknown, applying: Applying<unknown>, prepared: unknown, key: string | undefined, path: string): Answered {
  try {
    return store.inTransaction(() => {
      // Applied meanwhile (by another connection while this one waited on `prepare`): its answer,
      // and nothing again. Without a `prepare` nothing ran since the key was looked up.
      const applied = key && action.prepare ? appliedKey(store.db, key) : undefined;
      if (applied) throw new NothingChanged("to" in applied.answer ? { kind: "redirect", to: applied.answer.to, headers: applied.answer.headers } : { kind: "answer", status: applied.answer.status, body: applied.answer.body });
      const lastLine = (statement(store.db, "SELECT coalesce(max(id), 0) AS id FROM audit").get() as { id: number }).id;
      const outcome = action.apply(input, applying, prepared);
      if (outcome.kind !== "done") throw new NothingChanged(outcome);
      const named = statement(store.db, "UPDATE audit SET action_name = ? WHERE id > ?").run(action.name, lastLine);
      if (Number(named.changes) === 0) {
        statement(store.db, "INSERT INTO audit (at, actor, action, lead_id, detail, action_name) VALUES (?, ?, '', NULL, '', ?)").run(applying.now.toISOString(), applying.actor, action.name);
      }
      const to = withSaved(outcome.to, outcome.saved ?? action.done);
      if (key) recordAppliedKey(store.db, key, { name: action.name, path, answer: outcome.headers ? { status: 303, to, headers: { ...outcome.headers } } : { status: 303, to } }, applying.now);
      return { kind: "done", answered: to, headers: outcome.headers };
    });
  } catch (error) {
    if (error instanceof NothingChanged) return error.outcome;
    throw error;
  }
}
