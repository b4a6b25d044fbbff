import { data } from "react-router";
import { NotFound } from "~/components/sections/NotFound.tsx";
import { notFoundMeta } from "~/lib/seo.ts";

/** Any path no other route takes: the not-found page with HTTP 404 (DECISIONS.md item 2). */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => notFoundMeta();

export default function NotFoundRoute() {
  return <NotFound />;
}
