/** The owner's passkeys: add another device, see them all, remove one (a lost phone). */
import { Notices } from "~/components/owner/Notices.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import { AuditList } from "~/components/owner/AuditList.tsx";
import { AskFirst, SecondYes } from "~/components/owner/SecondYes.tsx";
import { PasskeyForm } from "~/components/owner/PasskeyForm.tsx";
import { storeOf } from "~/lib/services/services.ts";
import { auditOfOwnerArea } from "~/lib/db/audit.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { listPasskeys } from "~/lib/owner/passkeys.server.ts";
import { LAST_PASSKEY } from "~/lib/owner/passkey-words.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { exactTime } from "~/lib/time/ago.ts";
import type { RouteHandle } from "~/root";
import { ownerContext } from "~/lib/owner/context.ts";
import { MORE_BACK, TopBar } from "~/components/owner/TopBar.tsx";
import type { Route } from "./+types/passkeys";
import { noticeOf } from "~/lib/owner/notices.ts";

export const handle: RouteHandle = { scripts: ["passkey"] };

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Passkeys");

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const passkeys = listPasskeys(storeOf(context)).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }));
  return {
    history: auditOfOwnerArea(storeOf(context)),
    passkeys,
    // ?confirm=ID asks before removing: it works without script, like deleting a request.
    confirming: passkeys.length > 1 ? passkeys.find((p) => String(p.id) === url.searchParams.get("confirm"))?.id : undefined,
    current: context.get(ownerContext).passkeyId,
    notice: noticeOf(url, { added: "Passkey added.", removed: "Passkey removed, and every session it signed in ended." }),
  };
}

/** Removing a passkey, the one thing posted here (adding one is the browser's ceremony). */
export const action = (args: Route.ActionArgs) => ownerPost<{ error?: string }>(args, ["passkey.remove"]);

export default function Passkeys({ loaderData, actionData }: Route.ComponentProps) {
  const { passkeys, current, notice, history, confirming } = loaderData;
  const onlyOne = passkeys.length === 1;
  return (
    <>
      <TopBar title="Passkeys" back={MORE_BACK} />
      <div className="container-page max-w-3xl space-y-6 py-4">
        <Notices notice={notice} error={actionData?.error === LAST_PASSKEY && LAST_PASSKEY} />
        <CardSection id="your-passkeys" title="Your passkeys">
          <ul className="divide-y divide-slate-200">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold">
                    {passkey.name}
                    {passkey.id === current && " (this device)"}
                  </p>
                  <p className="text-sm text-muted">
                    Added {exactTime(passkey.createdAt)}
                    {passkey.lastUsedAt && `, last used ${exactTime(passkey.lastUsedAt)}`}
                  </p>
                </div>
                {onlyOne ? null : confirming === passkey.id ? (
                  <SecondYes
                    intent="remove"
                    hidden={{ id: passkey.id }}
                    className="w-full space-y-3"
                    question={
                      <p className="font-semibold">
                        Remove {passkey.name}? Every browser it signed in is signed out{passkey.id === current ? ", this one included" : ""}.
                      </p>
                    }
                    yes="Remove passkey"
                    keep={{ href: "/admin/passkeys", label: "Keep it" }}
                  />
                ) : (
                  <AskFirst action="/admin/passkeys" name="confirm" value={passkey.id} label={`Remove ${passkey.name}`} button="Remove" />
                )}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">
            {onlyOne
              ? LAST_PASSKEY
              : "Removing a passkey signs out every browser that used it. Lost every device? Ask whoever looks after your server for a new invite link."}
          </p>
        </CardSection>
        <CardSection id="add-passkey" title="Add a passkey">
          <p>On this device, for example a laptop or a second phone.</p>
          <PasskeyForm endpoint="/admin/webauthn/registration" label="Add a passkey" error={actionData?.error === LAST_PASSKEY ? undefined : actionData?.error}>
            <div>
              <label htmlFor="passkey-name" className="field-label">
                Name for this passkey
              </label>
              <input type="text" id="passkey-name" name="name" required maxLength={60} placeholder="Office laptop" className="field" />
            </div>
          </PasskeyForm>
        </CardSection>
        <CardSection id="passkey-history" title="History" className="space-y-3">
          <AuditList label="Passkey changes, newest first" entries={history} />
        </CardSection>
      </div>
    </>
  );
}
