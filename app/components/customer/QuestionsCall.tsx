import { telHref, useBusiness } from "~/lib/public-site/site-data.ts";

/** The foot of a customer's page and of a quote's own page: questions go to the phone. */
export function QuestionsCall() {
  const business = useBusiness();
  return (
    <p>
      Questions? Call{" "}
      <a href={telHref(business)} className="link font-semibold">
        {business.phone.display}
      </a>
      .
    </p>
  );
}
