import type { ReactNode } from "react";
import type { Crumb } from "~/lib/public-site/seo.ts";
import { Hero } from "./Hero.tsx";
import { Section } from "./Section.tsx";

/** A short site page of cards (Our Services, Gallery): its hero, then the cards three abreast in a white section. */
export function CardsPage({ breadcrumbs, title, subline, heading, children }: { breadcrumbs: Crumb[]; title: string; subline: string; heading: string; children: ReactNode }) {
  return (
    <>
      <Hero breadcrumbs={breadcrumbs} title={title} subline={subline} />
      <Section title={heading} tone="white">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      </Section>
    </>
  );
}
