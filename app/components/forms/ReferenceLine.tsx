/** The request's reference under a success notice: "Your reference: K-1042". */
export function ReferenceLine({ reference }: { reference: string }) {
  return (
    <span data-reference-line="" className="mt-2 block font-normal">
      Your reference: <strong data-reference="" className="whitespace-nowrap">{reference}</strong>. Quote it if you call us.
    </span>
  );
}
