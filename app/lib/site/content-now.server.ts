/**
 * The server's side of "the content now" (app/content/index.ts): the version the owner published,
 * and, for the length of one render only, a draft (a preview, or a publish being prepared), so
 * that the visitors' pages rendered meanwhile never see it. Kept on globalThis: the server and the
 * built app each load this module, and both must share one state.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { fileContent, setContentSource } from "../../content/index.ts";
import type { Content } from "../../content/load.ts";

interface State {
  rendering: AsyncLocalStorage<Content>;
  published: Content | undefined;
}

const STATE = Symbol.for("kestrel.contentState");
type Holder = { [STATE]?: State };

function state(): State {
  const holder = globalThis as Holder;
  if (!holder[STATE]) {
    const created: State = { rendering: new AsyncLocalStorage<Content>(), published: undefined };
    holder[STATE] = created;
    setContentSource(() => created.rendering.getStore() ?? created.published);
  }
  return holder[STATE];
}

/** Runs `render` with `content` as the content now, for it and everything it awaits. */
export function withContent<T>(content: Content, render: () => Promise<T>): Promise<T> {
  return state().rendering.run(content, render);
}

/** Makes `content` the published content (undefined: the files). */
export function setPublishedContent(content: Content | undefined) {
  state().published = content;
}

/**
 * The content the owner has published (else the files), whatever render is under way: what the
 * background work reads (the opening hours a reminder falling due is held to), never a draft.
 */
export function publishedContent(): Content {
  return state().published ?? fileContent;
}
