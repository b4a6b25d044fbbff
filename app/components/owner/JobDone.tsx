/** Where Job done asks first (issue 26 §4): the confirmation page of a won request's job. */
export const jobDonePath = (leadId: number) => `/admin/requests/${leadId}/job-done`;

/** Job done on a won request: a link to the page that asks before the review request goes. */
export function JobDone({ leadId }: { leadId: number }) {
  return (
    <a href={jobDonePath(leadId)} className="btn-primary">
      Job done
    </a>
  );
}
