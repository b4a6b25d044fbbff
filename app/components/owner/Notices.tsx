/** What the last change did (a status) and what stopped it (an alert), each in a card of its own. */
export function Notices({ notice, error }: { notice?: string | null | false; error?: string | null | false }) {
  return (
    <>
      {notice && (
        <p role="status" className="card py-3 font-semibold text-ok">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="card py-3 font-semibold text-danger">
          {error}
        </p>
      )}
    </>
  );
}
