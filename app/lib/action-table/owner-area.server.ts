/**
 * The owner's own area's actions (decision 28): the devices that get notifications (one turned on
 * by the browser's subscription, one turned off, a test sent), a passkey removed, and signing out.
 * They stand in the table's room because the owner's room is below the one way in (decision 18).
 * The weekly summary's setting is the insights' (`app/lib/insights/actions.server.ts`).
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done, type Finding } from "../actions/define.ts";
import { recordAudit } from "../db/audit.server.ts";
import { parseForm, recordId, text } from "../forms/parse-form.ts";
import { addSubscription, deviceName, parseSubscription, queuePush, removeSubscription } from "../jobs/push.server.ts";
import { clearedSessionCookie, readCookie, SESSION_COOKIE } from "../owner/auth.server.ts";
import { LAST_PASSKEY, NEEDS_JAVASCRIPT } from "../owner/passkey-words.ts";
import { listPasskeys, removePasskey } from "../owner/passkeys.server.ts";
import { endSession } from "../owner/sessions.server.ts";

/** The record the form's hidden `id` names, as a number; a device or passkey that is not a number does not exist. */
function idOfForm({ form }: Finding): number {
  const posted = parseForm(z.object({ id: recordId() }), form);
  if (!posted.ok) throw data(null, { status: 404 });
  return posted.value.id;
}

/** The browser's push subscription as it posts it (JSON), checked to be a real one. */
const subscription = z.pipe(
  text(),
  z.transform((posted, context) => {
    let json: unknown;
    try {
      json = JSON.parse(posted);
    } catch {
      json = undefined;
    }
    const checked = parseSubscription(json);
    if (checked) return checked;
    context.issues.push({ code: "custom", message: "The browser's subscription could not be read. Try again.", input: posted });
    return z.NEVER;
  }),
);

/** The Notifications page's refusal: one line at the top. */
const notificationsRefused = (errors: Record<string, string | undefined>) => ({ error: errors.intent ?? errors.subscription });

export const pushSubscribe = defineAction({
  name: "push.subscribe",
  intent: "subscribe",
  schema: z.object({ subscription }),
  refused: notificationsRefused,
  apply: ({ subscription: subscribed }, { store, request, actor, passkeyId }) => {
    const device = deviceName(request.headers.get("User-Agent") ?? "");
    addSubscription(store, passkeyId!, subscribed, device);
    recordAudit(store, { actor, action: "turned on notifications", detail: device });
    return done("/admin/notifications?added");
  },
});

export const pushRemove = defineAction({
  name: "push.remove",
  intent: "remove",
  find: idOfForm,
  schema: z.object({}),
  refused: notificationsRefused,
  apply: (_, { store, target: id, actor }) => {
    if (!removeSubscription(store, id)) throw data(null, { status: 404 });
    recordAudit(store, { actor, action: "turned off notifications", detail: `device ${id}` });
    return done("/admin/notifications?removed");
  },
});

export const pushTest = defineAction({
  name: "push.test",
  intent: "test",
  schema: z.object({}),
  refused: notificationsRefused,
  apply: (_, { store, wake }) => {
    const sent = queuePush(store.db, { title: "Test notification", body: "Notifications work on this device.", url: "/admin/notifications", tag: "test" });
    if (!sent) return answer({ error: "No device gets notifications yet: turn them on first." }, 409);
    wake();
    return done("/admin/notifications?tested");
  },
});

/** The browser forgets its session: sent with every answer that ends this browser's session. */
const forgetSession = () => ({ "Set-Cookie": clearedSessionCookie() });

export const passkeyRemove = defineAction({
  name: "passkey.remove",
  intent: "remove",
  // Adding a passkey is the browser's ceremony: its form posted here without the script.
  unknownButton: NEEDS_JAVASCRIPT,
  refused: (errors) => ({ error: errors.intent }),
  find: ({ form }) => parseForm(z.object({ id: recordId() }), form),
  early: (_, { store }) => (listPasskeys(store).length <= 1 ? answer({ error: LAST_PASSKEY }, 409) : undefined),
  schema: z.object({}),
  apply: (_, { store, target: posted, actor, passkeyId }) => {
    if (!posted.ok || !removePasskey(store, posted.value.id, actor)) throw data(null, { status: 404 });
    // The passkey of this browser: its session ended with it.
    if (posted.value.id === passkeyId) return done("/admin/sign-in?signed-out", undefined, forgetSession());
    return done("/admin/passkeys?removed");
  },
});

export const ownerSignOut = defineAction({
  name: "owner.sign-out",
  schema: z.object({}),
  apply: (_, { store, request }) => {
    // The session ends on the server, and the browser forgets its cookie.
    const token = readCookie(request, SESSION_COOKIE);
    if (token) endSession(store, token);
    return done("/admin/sign-in?signed-out", undefined, forgetSession());
  },
});

export const OWNER_AREA_ACTIONS = [pushSubscribe, pushRemove, pushTest, passkeyRemove, ownerSignOut];
