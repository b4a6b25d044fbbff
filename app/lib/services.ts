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
import type { OutgoingMail } from "./mailer.server.ts";
import type { Upload } from "./photos.server.ts";
import type { SitePublisher } from "./site/publisher.ts";

/** The services made once at start-up. */
export interface Services {
  /** The database's stores. */
  store: LeadStore;
  /** Renders a version of the site and swaps it live; undefined where no built site is served. */
  publisher?: SitePublisher;
  /** The mail set up on this server; undefined when there is none, and nothing is e-mailed. */
  mail?: OutgoingMail;
  /** Whether each request is e-mailed to the owner. */
  ownerMail: boolean;
  /** Acknowledgements to visitors the site may send in an hour, in all (ACK_HOURLY_CAP). */
  ackHourlyCap: number;
  /** Tells the background work that something was queued: it runs now instead of at its next tick. */
  wake: () => void;
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

/** The services the server handed this request. */
export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

/** The store the server handed this request. */
export function storeOf(context: Readonly<RouterContextProvider>): LeadStore {
  return servicesOf(context).store;
}
