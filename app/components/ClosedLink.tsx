import { telHref, useBusiness } from "~/lib/public-site/site-data.ts";

/**
 * What a customer meets at a private link that no longer opens (unknown, expired, replaced): the
 * same plain page for every kind of link, with what happened and the phone number, and nothing
 * about any other document.
 */
export function ClosedLink({ title, text }: { title: string; text: string }) {
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
