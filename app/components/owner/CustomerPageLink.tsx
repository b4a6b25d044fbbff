import { CardSection } from "~/components/CardSection.tsx";

/**
 * The customer's own page on the request page: its link as it is now (every e-mail to them
 * carries it; he can text it too) and Reset customer link, which asks first on a page of its own
 * (routes/admin/customer-link.tsx). No link once the request has none.
 */
export function CustomerPageLink({ leadId, url }: { leadId: number; url: string | undefined }) {
  if (!url) return null;
  return (
    <CardSection title="Customer's page" id="customer-page">
      <p>Their own page, with the request, quotes and visits. Every e-mail to them links to it, and you can text it to them.</p>
      <p>
        <a href={url} className="link break-all">
          {url}
        </a>
      </p>
      <p>
        <a href={`/admin/requests/${leadId}/customer-link`} className="btn-secondary">
          Reset customer link
        </a>
      </p>
    </CardSection>
  );
}
