/**
 * What the request page's actions share (decision 28): the request its address names, its page,
 * and how its forms answer a refusal and a button the page does not have.
 */
import { data } from "react-router";
import type { Db } from "../db/connection.server.ts";
import { recordIdOr404 } from "../forms/record-id.ts";
import { leadById } from "./lead.ts";

/** The request the address names; 404 when there is none. */
export function requestOf({ params, store }: { params: Readonly<Record<string, string | undefined>>; store: Db }): number {
  const id = recordIdOr404(params.id);
  if (!leadById(store, id)) throw data(null, { status: 404 });
  return id;
}

export const requestPage = (id: number) => `/admin/requests/${id}`;

/** No such request (deleted meanwhile): the area's 404. */
export const gone = (): never => {
  throw data(null, { status: 404 });
};

/** The request page's forms: they work on the request of the address, and say a refusal at its field. */
export const requestForms = { find: requestOf, unknownButton: "Unknown change.", refused: (errors: Record<string, string | undefined>) => ({ errors }) } as const;
