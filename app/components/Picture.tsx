import manifest from "~/content/images.generated.json" with { type: "json" };
import type { Image } from "~/content/index.ts";
import type { ImageManifest } from "~/lib/pictures/picture-set.ts";
import { usePictures } from "~/lib/public-site/content-context.tsx";

const images: ImageManifest = manifest;

/**
 * A picture from app/content/images, in the formats and sizes the build made (app/lib/pictures/picture-set.ts),
 * or one the owner uploaded (handed to the render, app/lib/public-site/content-context.tsx).
 * A picture missing from both stops the build rather than leaving a hole in a page.
 */
export function Picture({
  image,
  sizes,
  priority = false,
  className,
}: {
  image: Image;
  /** The `sizes` attribute: how wide the picture shows at each screen width. */
  sizes: string;
  /** The page's largest picture: load it first instead of lazily. */
  priority?: boolean;
  className?: string;
}) {
  const name = image.src.replace(/\.[^.]+$/, "");
  const uploaded = usePictures();
  const entry = images[name] ?? uploaded.get(name);
  if (!entry) throw new Error(`No picture "${image.src}" in app/content/images/`);
  return (
    <picture>
      {entry.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={entry.src}
        alt={image.alt}
        width={entry.width}
        height={entry.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}
