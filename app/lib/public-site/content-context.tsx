/**
 * The content a page is rendered with, for its components: app/entry.server.tsx provides what the
 * request's React Router context carries (app/lib/services/services.ts), so a component shows the version
 * the render is for (the published one, a draft in a preview or a publish, the files at build)
 * without finding it by name. Pages are never hydrated (docs/decisions/0001-html-first.md): the
 * server's render is the only one.
 */
import { createContext, useContext, type ReactNode } from "react";
import type { Content } from "~/content/load.ts";
import type { Pictures } from "../pictures/picture-set.ts";

interface Rendered {
  content: Content;
  pictures: Pictures;
}

const RenderedContext = createContext<Rendered | undefined>(undefined);

export function ContentProvider({ content, pictures, children }: Rendered & { children: ReactNode }) {
  return <RenderedContext value={{ content, pictures }}>{children}</RenderedContext>;
}

function useRendered(): Rendered {
  const value = useContext(RenderedContext);
  if (!value) throw new Error("No content was handed to this render (ContentProvider, app/entry.server.tsx)");
  return value;
}

/** The content the page is rendered with. */
export function useContent(): Content {
  return useRendered().content;
}

/** The owner's uploaded pictures the page may show. */
export function usePictures(): Pictures {
  return useRendered().pictures;
}
