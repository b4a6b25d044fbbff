/**
 * What the server hands every loader and action through React Router's context: the services it
 * made once at start-up (the store), and what it read from this request beside its body (the
 * photos a multipart post carried, waiting on disk, see server/multipart.ts; the client's address
 * as the server saw it). A route finds none of them by name: a test builds its own set the same way.
 *
 * The server takes these context keys from the built app it serves (app/entry.server.tsx exports
 * them), so the server and the routes hold the very same objects: a context is found by the object
 * it was set with, and the server and the built app each load a copy of this module.
 */
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { LeadStore } from "./leads.server.ts";
import type { Upload } from "./photos.server.ts";

/** The services made once at start-up. */
export interface Services {
  /** The database's stores. */
  store: LeadStore;
}

export const servicesContext = createContext<Services>();
export const uploadContext = createContext<Upload | undefined>(undefined);
export const clientAddressContext = createContext<string>("unknown");

/** The context keys, as the built app exports them to the server. */
export interface RequestContexts {
  services: RouterContext<Services>;
  upload: RouterContext<Upload | undefined>;
  clientAddress: RouterContext<string>;
}

export const requestContexts: RequestContexts = { services: servicesContext, upload: uploadContext, clientAddress: clientAddressContext };

/** The store the server handed this request. */
export function storeOf(context: Readonly<RouterContextProvider>): LeadStore {
  return context.get(servicesContext).store;
}
