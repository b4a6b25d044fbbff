import { telHref, useBusiness } from "~/lib/public-site/site-data.ts";

/** What each kind of private link's closed page says: its heading, and the sentence under it. */
export const CLOSED_WORDS = {
  /** The customer's own page (/c/). */
  page: {
    unknown: ["This link does not work", "The link may be mistyped or incomplete."],
    replaced: ["This link was replaced by a newer one", "The newest link to your page is in our latest e-mail."],
  },
  /** A quote's own link (/q/). */
  quote: {
    unknown: ["This quote link does not work", "The link may be mistyped or incomplete."],
    expired: ["This quote has expired", "The date it was valid until has passed."],
    replaced: ["This quote has been replaced", "It was changed after it was sent: the newer version came by e-mail with a link of its own."],
  },
} as const;

/**
 * What a customer meets at a private link that no longer opens (unknown, expired, replaced): the
 * same plain page for every kind of link, with what happened and the phone number, and nothing
 * about any other document. `words`: what the page's heading says, and the sentence under it.
 */
export function ClosedLink({ words: [title, text] }: { words: readonly [title: string, text: string] }) {
  const business = useBusiness();
  return (
    <section className="container-page max-w-2xl space-y-4 py-10">
      <h1 className="text-3xl">{title}</h1>
      <p>{text}</p>
      <p>
        Please call us on{" "}
        <a href={telHref(business)} className="link font-semibold">
          {business.phone.display}
        </a>{" "}
        and we will help.
      </p>
    </section>
  );
}
