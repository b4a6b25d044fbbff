/**
 * The owner's Notifications page: turn them on for this device (the one step that needs a
 * script: the browser's push subscription), see every device that gets them, turn one off, and
 * send a test. Everything but turning on works as plain HTML forms.
 */
import { Notices } from "~/components/owner/Notices.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import { OwnerButton } from "~/components/owner/OwnerForm.tsx";
import { servicesOf, storeOf } from "~/lib/services/services.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { devices, vapidKeys } from "~/lib/jobs/push.server.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import type { RouteHandle } from "~/root";
import { MORE_BACK, TopBar } from "~/components/owner/TopBar.tsx";
import type { Route } from "./+types/notifications";
import { noticeOf } from "~/lib/owner/notices.ts";
import { weeklySummaryOn } from "~/lib/insights/weekly-summary.server.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

export const handle: RouteHandle = { scripts: ["notifications"] };

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Notifications");

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const store = storeOf(context);
  return {
    publicKey: vapidKeys(store.db).publicKey,
    devices: devices(store),
    current: context.get(ownerContext).passkeyId,
    email: servicesOf(context).ownerMail,
    weeklySummary: weeklySummaryOn(store.db),
    notice: noticeOf(url, {
      weekly: "Saved: the weekly summary is as you chose.",
      added: "Notifications are on for this device.",
      removed: "That device no longer gets notifications.",
      tested: "Test notification sent. It should arrive on every device listed within a few seconds.",
    }),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<{ error?: string }>(args, ["push.subscribe", "push.remove", "push.test", "weekly-summary.set"]);

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { devices: list, notice, publicKey, email, weeklySummary } = loaderData;
  return (
    <>
      <TopBar title="Notifications" back={MORE_BACK} />
      <div className="container-page max-w-3xl space-y-6 py-4">
        <Notices notice={notice} error={actionData?.error} />
        <CardSection id="this-device" title="This device">
          <p>
            Your phone is told the moment a request is stored: who, where and from which page, never their number or message. Tap the notification to
            open the request. A request still waiting after an hour is pushed again, and again when it is due in four hours, within your opening hours.
          </p>
          {/* Shown until the script finds a browser that can receive pushes: never a dead button. */}
          <p data-push-unavailable="" className="rounded-lg bg-amber-50 p-4 ring-1 ring-amber-700">
            Turning notifications on needs JavaScript and a browser that can receive them, such as Chrome or Edge, or Safari from the Home Screen.
            This browser cannot: open this page in one that can.
          </p>
          <p data-push-blocked="" hidden className="rounded-lg bg-red-50 p-4 font-semibold text-danger ring-1 ring-danger">
            Notifications are blocked for this site. Allow them in the browser&apos;s site settings, then try again.
          </p>
          <PostForm data-push-subscribe="" data-public-key={publicKey} hidden>
            <input type="hidden" name="intent" value="subscribe" />
            <input type="hidden" name="subscription" value="" />
            <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto">
              Turn on notifications on this device
            </button>
          </PostForm>
          <p className="text-sm text-muted">
            On an iPhone or iPad: first add this site to your Home Screen (Share, then Add to Home Screen), open it from there, and turn notifications on
            in it. This needs iOS 16.4 or later.
          </p>
        </CardSection>
        <CardSection id="devices" title="Devices that get notifications">
          {list.length === 0 ? (
            <p>
              No device gets notifications yet.{" "}
              {email ? "New requests are e-mailed to you." : "E-mail is not set up either, so nobody is told about new requests."}
            </p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {list.map((device) => (
                <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-semibold">{device.device}</p>
                    <p className="text-sm text-muted">
                      Turned on {exactTime(device.createdAt)}
                      {device.passkeyName && ` with the passkey ${device.passkeyName}`}
                      {device.lastSentAt ? `; last notified ${exactTime(device.lastSentAt)}` : "; not notified yet"}
                    </p>
                  </div>
                  <OwnerButton intent="remove" hidden={{ id: device.id }} label={`Turn off ${device.device}`}>
                    Turn off
                  </OwnerButton>
                </li>
              ))}
            </ul>
          )}
          {list.length > 0 && (
            <OwnerButton intent="test">Send a test notification</OwnerButton>
          )}
        </CardSection>
        <CardSection id="weekly" title="Weekly summary">
          <PostForm className="space-y-3">
            <input type="hidden" name="intent" value="weekly-summary" />
            <div className="flex items-start gap-3">
              <input id="weekly-summary" type="checkbox" name="on" value="on" defaultChecked={weeklySummary} className="mt-1 size-6 shrink-0" />
              <label htmlFor="weekly-summary">
                <span className="font-semibold">Weekly summary on Monday mornings</span>
                <span className="block text-muted">
                  At 7 am every Monday: last week&apos;s visitors, requests and work won, and the pages that brought them, by e-mail and on your devices.
                </span>
              </label>
            </div>
            <button type="submit" className="btn-secondary">
              Save
            </button>
          </PostForm>
        </CardSection>
      </div>
    </>
  );
}
