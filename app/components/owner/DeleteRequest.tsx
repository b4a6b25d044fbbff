import { DELETE_CONFIRMED } from "~/lib/requests/forms.ts";
import { AskFirst, SecondYes } from "./SecondYes.tsx";

/**
 * Deleting a request, in two steps that work without JavaScript: Delete (a GET) asks in words
 * what goes, naming its visits still to come (each is cancelled to the customer by e-mail); only
 * Delete for good, a POST carrying `DELETE_CONFIRMED`, deletes. A request with an invoice sent is
 * kept, and says why.
 */
export function DeleteRequest({ id, name, asking, invoiced = false, visits = [], told = false }: { id: number; name: string; asking: boolean; invoiced?: boolean; visits?: string[]; told?: boolean }) {
  // Invoices are kept six years, as HMRC asks: the request they were made for stays with them.
  if (invoiced) {
    return <p>This request has invoices sent, which are kept for six years as HMRC asks, so it cannot be deleted. Its customer&apos;s other details are erased 24 months after your last contact.</p>;
  }
  if (asking) {
    return (
      <SecondYes
        intent="delete"
        hidden={{ [DELETE_CONFIRMED.name]: DELETE_CONFIRMED.value }}
        question={
          <>
            <p className="font-semibold">
              Delete this request, its notes{visits.length ? `, its ${visits.length === 1 ? "visit" : `${visits.length} visits`}` : ""} and everything else stored about {name}? This cannot be undone.
            </p>
            {visits.length > 0 && (
              <>
                <ul aria-label="Visits to come, cancelled" className="list-disc pl-6">
                  {visits.map((visit) => (
                    <li key={visit}>{visit}</li>
                  ))}
                </ul>
                <p>{told ? `Each is cancelled: ${name} is e-mailed, and it leaves their calendar.` : `Each is cancelled, but ${name} cannot be told by e-mail: call them.`}</p>
              </>
            )}
            <p>Their own page goes too: the link to it stops working.</p>
          </>
        }
        yes="Delete for good"
        keep={{ href: `/admin/requests/${id}`, label: "Keep it" }}
      />
    );
  }
  return (
    <AskFirst action={`/admin/requests/${id}#delete-heading`} name="confirm" value="delete" className="space-y-3" button="Delete">
      <p>For a visitor who asks to be forgotten. You will be asked to confirm.</p>
    </AskFirst>
  );
}
