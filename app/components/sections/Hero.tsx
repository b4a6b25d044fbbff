import type { ReactNode } from "react";
import type { Image } from "~/content/index.ts";
import type { Crumb } from "~/lib/public-site/seo.ts";
import { Picture } from "../Picture.tsx";
import { Breadcrumbs } from "./Breadcrumbs.tsx";

/** The top of every page: its one h1, a line under it, the main actions and its picture. */
export function Hero({
  title,
  subline,
  eyebrow,
  breadcrumbs,
  image,
  children,
}: {
  title: ReactNode;
  subline?: ReactNode;
  eyebrow?: string;
  breadcrumbs?: Crumb[];
  image?: Image;
  children?: ReactNode;
}) {
  return (
    <section className="bg-paper-dark">
      <div className={`container-page grid items-center gap-8 py-10 md:py-14 ${image ? "lg:grid-cols-[1.1fr_1fr]" : ""}`}>
        <div>
          {breadcrumbs && <Breadcrumbs crumbs={breadcrumbs} />}
          {eyebrow && <p className="eyebrow mb-2">{eyebrow}</p>}
          <h1 className="text-title sm:text-4xl lg:text-5xl">{title}</h1>
          {subline && <p className="prose-measure mt-4 text-lg text-muted sm:text-xl">{subline}</p>}
          {children && <div className="mt-6 flex flex-wrap gap-3">{children}</div>}
        </div>
        {image && (
          <Picture
            image={image}
            sizes="(min-width: 1200px) 560px, (min-width: 1024px) 45vw, 100vw"
            priority
            className="h-auto w-full rounded-2xl"
          />
        )}
      </div>
    </section>
  );
}
