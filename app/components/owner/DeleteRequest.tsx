import { AskFirst, SecondYes } from "./SecondYes.tsx";

/** What the second step of a Delete carries: a POST without it only asks the question. */
export const DELETE_CONFIRMED = { name: "confirmed", value: "delete-for-good" } as const;

/**
 * Deleting a request, in two steps that work without JavaScript: Delete (a GET) asks in words
 * what goes; only Delete for good, a POST carrying `DELETE_CONFIRMED`, deletes.
 */
export function DeleteRequest({ id, name, asking }: { id: number; name: string; asking: boolean }) {
  if (asking) {
    return (
      <SecondYes
        intent="delete"
        hidden={{ [DELETE_CONFIRMED.name]: DELETE_CONFIRMED.value }}
        question={
          <>
            <p className="font-semibold">Delete this request, its notes and everything else stored about {name}? This cannot be undone.</p>
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
