import type { Testimonial } from "~/content/index.ts";
import { TestimonialCard } from "./Cards.tsx";
import { Section } from "./Section.tsx";

/** The customers' reviews, as the home and gallery pages show them. */
export function Testimonials({ testimonials, tone }: { testimonials: Testimonial[]; tone?: "paper" | "white" }) {
  return (
    <Section title="What our customers say" tone={tone}>
      <div className="grid gap-6 md:grid-cols-3">
        {testimonials.map((testimonial, i) => (
          <TestimonialCard key={`${testimonial.name}-${i}`} testimonial={testimonial} />
        ))}
      </div>
    </Section>
  );
}
