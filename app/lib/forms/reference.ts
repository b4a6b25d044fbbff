/**
 * A request's reference, as the visitor reads it on the success notice and in the acknowledgement
 * e-mail, and as the owner finds it in the inbox: "K-1042". It is the request's number, offset so
 * that it always has four digits or more; it opens nothing, so knowing one reveals nothing.
 */
const OFFSET = 1000;
const REFERENCE = /^K-(\d{4,9})$/;

export function referenceOf(leadId: number): string {
  return `K-${leadId + OFFSET}`;
}

/** The request number a reference names, or undefined when the text is not a reference. */
export function leadIdOfReference(text: string): number | undefined {
  const match = REFERENCE.exec(text.trim().toUpperCase());
  const id = match ? Number(match[1]) - OFFSET : 0;
  return id > 0 ? id : undefined;
}

/** The reference in a query string, checked (the success notice shows only a well-formed one). */
export function referenceParam(search: string): string | undefined {
  const value = new URLSearchParams(search).get("sent") ?? "";
  const id = leadIdOfReference(value);
  return id ? referenceOf(id) : undefined;
}
