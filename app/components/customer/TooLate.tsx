/** What Move and Cancel say of a visit the customer can no longer change himself (`why`), with the way to Ask to rearrange on his page. */
export function TooLate({ why, path, visitId }: { why: string; path: string; visitId: number }) {
  return (
    <>
      <p>{why}</p>
      <p>
        <a href={`${path}#visit-${visitId}`} className="link font-semibold">
          Back to your page
        </a>
      </p>
    </>
  );
}
