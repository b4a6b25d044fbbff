/**
 * Reset calendar link asks first (/admin/diary/reset-link, the GOV.UK confirmation pattern): the
 * GET says what happens and changes nothing; only Yes, reset (a POST) replaces the calendar feed's
 * link. The old address then answers 404 at once, and the diary shows the new one.
 */
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { Notices } from "~/components/owner/Notices.tsx";
import { OwnerForm } from "~/components/owner/OwnerForm.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { ownerMeta } from "~/lib/owner/meta.ts";
import type { Route } from "./+types/diary-reset";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Reset calendar link");

/** The one button: a POST without it asks nothing and changes nothing. */

export const action = (args: Route.ActionArgs) => ownerPost<{ error?: string }>(args, ["calendar-link.replace"]);

export default function DiaryResetPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <TopBar title="Reset calendar link" back={{ href: "/admin/diary", label: "Diary" }} heading={false} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <Notices error={actionData?.error} />
        <h1 className="text-2xl break-words">Reset your calendar link?</h1>
        <p>
          The address your phone's calendar subscribes to stops working at once, on every phone and computer that has it. The diary then shows a new one: subscribe again with it, and
          remove the old calendar.
        </p>
        <p>Do this when the address may have reached someone else.</p>
        <OwnerForm intent="reset-calendar-link" className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <button type="submit" className="btn-primary">
            Yes, reset
          </button>
          <a href="/admin/diary" className="link">
            No, go back to the diary
          </a>
        </OwnerForm>
      </div>
    </>
  );
}
