/** What Move and Cancel say of a visit the customer can no longer change himself: ask to rearrange it from his page. */
export function TooLate({ path, visitId }: { path: string; visitId: number }) {
  return (
    <>
      <p>This visit can no longer be changed here: it is less than 24 hours away, or we booked it with you. Ask us to rearrange it instead, or call us.</p>
      <p>
        <a href={`${path}#visit-${visitId}`} className="link font-semibold">
          Ask to rearrange it from your page
        </a>
      </p>
    </>
  );
}
