import { data } from "react-router";

/**
 * A record's number as it arrives in an address or a form (a request, quote, review, passkey,
 * device or site version): 1 to 12 digits, else nothing. One reading for every route, so no route
 * takes "1e3", "0x10" or " 7" for a number.
 */
export function parseRecordId(value: FormDataEntryValue | null | undefined): number | undefined {
  if (typeof value !== "string" || !/^\d{1,12}$/.test(value)) return undefined;
  return Number(value);
}

/** The number in a route's `:id`; anything else is answered 404, as a record that does not exist. */
export function recordIdOr404(value: string | undefined): number {
  const id = parseRecordId(value);
  if (id === undefined) throw data(null, { status: 404 });
  return id;
}

/** A record looked up by its number: one that does not exist (or is not there any more) is answered 404. */
export function foundOr404<T>(record: T | undefined | null): T {
  if (record === undefined || record === null) throw data(null, { status: 404 });
  return record;
}

/** The record a route's `:id` names, looked up in `store` by `byId`: 404 when the number is not one or names nothing. */
export function recordOr404<S, T>(store: S, id: string | undefined, byId: (store: S, id: number) => T | undefined | null): T {
  return foundOr404(byId(store, recordIdOr404(id)));
}
