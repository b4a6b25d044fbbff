import { OwnerForm } from "./OwnerForm.tsx";

/** What the second step of a Delete carries: a POST without it only asks the question. */
export const DELETE_CONFIRMED = { name: "confirmed", value: "delete-for-good" } as const;

/**
 * Deleting a request, in two steps that work without JavaScript: Delete (a GET) asks in words
 * what goes; only Delete for good, a POST carrying `DELETE_CONFIRMED`, deletes.
 */
export function DeleteRequest({ id, name, asking }: { id: number; name: string; asking: boolean }) {
  if (asking) {
    return (
      <OwnerForm intent="delete" className="space-y-3">
        <input type="hidden" name={DELETE_CONFIRMED.name} value={DELETE_CONFIRMED.value} />
        <p className="font-semibold">Delete this request, its notes and everything else stored about {name}? This cannot be undone.</p>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn bg-danger text-white hover:bg-red-800">
            Delete for good
          </button>
          <a href={`/admin/requests/${id}`} className="btn-secondary">
            Keep it
          </a>
        </div>
      </OwnerForm>
    );
  }
  return (
    <form method="get" action={`/admin/requests/${id}#delete-heading`} className="space-y-3">
      <p>For a visitor who asks to be forgotten. You will be asked to confirm.</p>
      <input type="hidden" name="confirm" value="delete" />
      <button type="submit" className="btn-secondary">
        Delete
      </button>
    </form>
  );
}
