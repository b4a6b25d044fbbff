import type { ReactNode } from "react";

/** A band of the page. Sections are told apart by their background, not by borders. */
export function Section({
  id,
  title,
  intro,
  tone = "paper",
  children,
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  tone?: "paper" | "white" | "dark";
  children: ReactNode;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-heading`;
  const toneClass = tone === "dark" ? "on-dark bg-ink text-slate-100" : tone === "white" ? "bg-white" : "bg-paper";
  return (
    <section id={id} aria-labelledby={headingId} className={`${toneClass} py-12 md:py-16`}>
      <div className="container-page">
        <h2 id={headingId} className={`text-2xl sm:text-3xl ${tone === "dark" ? "text-white" : ""}`}>
          {title}
        </h2>
        {intro && <div className="prose-measure mt-3 text-lg">{intro}</div>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
