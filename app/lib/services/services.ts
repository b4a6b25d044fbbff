/**
 * What the server hands every loader and action through React Router's context: the services it
 * made once at start-up (the store), what it read from this request beside its body (the photos a
 * multipart post carried, waiting on disk, see server/multipart.ts; the client's address as the
 * server saw it), and the content the page is rendered with (the published version; a preview or
 * a publish hands a draft; the build's prerender, setting nothing, gets the files) with the
 * owner's uploaded pictures. A route finds none of them by name: a test builds its own set the
 * same way.
 *
 * The server takes these context keys from the built app it serves (app/entry.server.tsx exports
 * them), so the server and the routes hold the very same objects: a context is found by the object
 * it was set with, and the server and the built app each load a copy of this module.
 */
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import { fileContent } from "../../content/index.ts";
import type { Content } from "../../content/load.ts";
import type { PictureEntry, Pictures } from "../pictures/picture-set.ts";
import type { LeadStore } from "../requests/leads.server.ts";
import type { OutgoingMail } from "../mail/mailer.server.ts";
import type { Upload } from "../photos/photos.server.ts";
import type { SitePublisher } from "./publisher.ts";

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
  /** The content the owner published (else the files): what a request, an e-mail or a reminder says now. */
  content: () => Content;
  /** The owner's uploaded pictures by name (app/lib/site/pictures.server.ts), filled as he adds them. */
  pictures: Map<string, PictureEntry>;
}

export const servicesContext = createContext<Services>();
export const uploadContext = createContext<Upload | undefined>(undefined);
export const clientAddressContext = createContext<string>("unknown");
/** The content this render is for; the build's prerender sets none, and renders the files. */
export const contentContext = createContext<Content>(fileContent);
/** The owner's uploaded pictures this render may show; none at build. */
export const picturesContext = createContext<Pictures>(new Map());

/** The context keys, as the built app exports them to the server. */
export interface RequestContexts {
  services: RouterContext<Services>;
  upload: RouterContext<Upload | undefined>;
  clientAddress: RouterContext<string>;
  content: RouterContext<Content>;
  pictures: RouterContext<Pictures>;
}

export const requestContexts: RequestContexts = {
  services: servicesContext,
  upload: uploadContext,
  clientAddress: clientAddressContext,
  content: contentContext,
  pictures: picturesContext,
};

/** The services the server handed this request. */
export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

/** The store the server handed this request. */
export function storeOf(context: Readonly<RouterContextProvider>): LeadStore {
  return servicesOf(context).store;
}

/** The content this request or render is for: what its loaders and actions say about the business. */
export function contentOf(context: Readonly<RouterContextProvider>): Content {
  return context.get(contentContext);
}
