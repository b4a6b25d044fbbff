/**
 * What a picture is once made for the pages: the widths of its copies and its manifest entry.
 * Shared by the build (scripts/build-images.ts, for app/content/images) and the owner's gallery
 * uploads (app/lib/photos/gallery-pictures.server.ts), so both make the same set.
 */
export const WIDTHS = [480, 800, 1200, 1600];

export interface PictureEntry {
  width: number;
  height: number;
  /** The file a browser without AVIF/WebP support, or an SVG, loads. */
  src: string;
  /** AVIF then WebP candidates (`image/avif`, `image/webp`); empty for SVG. */
  sources: { type: string; srcset: string }[];
}
export type ImageManifest = Record<string, PictureEntry>;

/** The owner's uploaded pictures by name, beside the build's own (none at build). */
export type Pictures = ReadonlyMap<string, PictureEntry>;
