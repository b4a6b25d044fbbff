/**
 * What the server hands an action beside the request, through React Router's load context: the
 * photos a multipart post carried (waiting on disk, see server/multipart.ts) and the client's
 * address as the server saw it (a quote's acceptance records it). The contexts are kept on
 * globalThis: the server and the built app each load this module, and a context is found by the
 * very object it was set with.
 */
import { createContext, type RouterContext } from "react-router";
import type { Upload } from "./photos.server.ts";

interface Contexts {
  upload: RouterContext<Upload | undefined>;
  clientAddress: RouterContext<string>;
}

const CONTEXTS = Symbol.for("kestrel.requestContexts");
type Holder = { [CONTEXTS]?: Contexts };

const contexts: Contexts = ((globalThis as Holder)[CONTEXTS] ??= {
  upload: createContext<Upload | undefined>(undefined),
  clientAddress: createContext<string>("unknown"),
});

export const uploadContext = contexts.upload;
export const clientAddressContext = contexts.clientAddress;
