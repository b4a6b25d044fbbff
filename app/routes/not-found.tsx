import { data } from "react-router";

/**
 * Any path no other route takes. It throws a 404 like the area, region and service loaders do
 * for a slug they do not know, so every unknown address gets the same page from the root's
 * error boundary, with HTTP 404 (DECISIONS.md item 2).
 */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
