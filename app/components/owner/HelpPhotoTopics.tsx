/**
 * Help's topic on the photos of a job: what the customer sees of them, their say over the website,
 * and Put in the gallery (issue 37 §3–§4). Listed after the gallery's own topic (HelpTopics.tsx).
 */
import type { ReactNode } from "react";

export const PHOTO_TOPICS: { id: string; title: string; body: ReactNode }[] = [
  {
    id: "job-photos",
    title: "Photos of the job, your customer and the gallery",
    body: (
      <>
        <p>
          On a request, Photos of the job keeps the photos you take on the roof, by stage. Your customer sees the Survey and After photos on their own
          page; under each photo, Show to customer lets you show a Before or During one too, or hide one.
        </p>
        <p>
          Once you press Job done, their page asks once whether you may show photos of their roof on your website. They can answer Yes or No, and
          change it later; the request shows their answer and when they gave it.
        </p>
        <p>
          Only after their Yes does the request offer Put in the gallery: choose one Before and one After (or the After alone), check the title and
          say what each photo shows. When nothing else waits in your site&apos;s draft, it goes live at once. Without their Yes, neither your photos
          nor the ones they sent with their request can go in the gallery.
        </p>
      </>
    ),
  },
];
