/**
 * The owner's gallery (/admin/site/gallery): add a project with a photo straight from the phone's
 * camera or from a won request's photos, change, reorder and remove projects. A photo is checked
 * by its content, turned upright, stripped of every bit of metadata and made into the site's
 * sizes (app/lib/photos/gallery-pictures.server.ts); the original is never stored. Alt text is
 * required. Saved into the same draft as the facts, to preview and publish from the page's bar
 * or Your site.
 */
import { draftContent, siteFrame } from "~/lib/site/draft.server.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import type { GalleryAnswer } from "~/lib/site/gallery-actions.server.ts";
import { SitePage } from "~/components/owner/SitePage.tsx";
import { RemoveBox } from "~/components/owner/RemoveBox.tsx";
import { Field, Select, TextArea } from "~/components/forms/Field.tsx";
import { galleryProjectSchema } from "~/content/schema.ts";
import type { Pictures } from "~/lib/pictures/picture-set.ts";
import { contentOf, servicesOf, storeOf } from "~/lib/services/services.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import type { Route } from "./+types/site-gallery";
import { PostForm } from "~/components/forms/PostForm.tsx";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Gallery");

const CATEGORIES = galleryProjectSchema.shape.category.options;

/** The small version of a picture, for the owner's list: an uploaded one's, or the build's file. */
function thumbnail(pictures: Pictures, src: string): string | undefined {
  const uploaded = pictures.get(src.replace(/\.[^.]+$/, ""));
  return uploaded ? (uploaded.sources.find((s) => s.type === "image/webp")?.srcset.split(" ")[0] ?? uploaded.src) : undefined;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const picture = url.searchParams.get("picture") ?? "";
  const { pictures } = servicesOf(context);
  const thumbnailOf = (src: string) => thumbnail(pictures, src);
  return {
    projects: draftContent(storeOf(context)).gallery.map((project) => ({
      ...project,
      photos: [project.image, ...(project.morePhotos ?? [])].map((photo) => ({ alt: photo.alt, thumbnail: thumbnailOf(photo.src) })),
    })),
    /** Thumbnails of the owner's pictures, for photos kept between tries. */
    thumbnails: Object.fromEntries([...pictures.keys()].map((name) => [name, thumbnailOf(`${name}.jpg`)])),
    ...siteFrame(storeOf(context), url),
    towns: contentOf(context).areas.map((area) => [area.slug, area.name] as const),
    // A photo taken from a won request, waiting for its project's words.
    fromRequest: pictures.has(picture) ? { picture, thumbnail: thumbnailOf(`${picture}.jpg`), town: url.searchParams.get("town") ?? "" } : null,
  };
}

type Errors = Record<string, string>;

export const action = (args: Route.ActionArgs) => ownerPost<GalleryAnswer>(args, ["gallery.add", "gallery.save", "gallery.from-request"]);

export default function Gallery({ loaderData, actionData }: Route.ComponentProps) {
  const { projects, draft, towns, fromRequest } = loaderData;
  const errors: Errors = actionData?.errors ?? {};
  const value = (name: string, fallback: string) => actionData?.values?.[name] ?? fallback;
  const townOptions = [["", "Choose the town"] as const, ...towns];
  const categoryOptions = [["", "Choose the kind of job"] as const, ...CATEGORIES.map((c) => [c, c] as const)];
  const positions = projects.map((_, i) => [String(i + 1), String(i + 1)] as const);
  const waiting = (actionData?.values?.pictures ?? fromRequest?.picture ?? "").split(",").filter(Boolean);
  return (
    <SitePage title="Gallery" draft={draft} notice={loaderData.notice} error={actionData?.error} form="projects" preview="/gallery">
      <PostForm encType="multipart/form-data" noValidate className="card space-y-4" aria-labelledby="add-project">
        <h2 id="add-project" className="text-xl">
          Add a project
        </h2>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="from" value={draft.revision} />
        {waiting.map((name) => (
          <input key={name} type="hidden" name="picture" value={name} />
        ))}
        {waiting.length > 0 && <p>{waiting.length === 1 ? "The photo is ready:" : `The ${waiting.length} photos are ready:`}</p>}
        {waiting.map((name, j) => (
          <div key={name} className="space-y-2">
            {loaderData.thumbnails[name] && <img src={loaderData.thumbnails[name]} alt="" width={240} className="h-auto rounded-lg" />}
            <Field form="site" name={`new-alt-${j}`} label={waiting.length === 1 ? "What the photo shows" : `What photo ${j + 1} shows`} defaultValue={value(`new-alt-${j}`, "")} error={errors[`new-alt-${j}`]} />
          </div>
        ))}
        <Field
          form="site"
          name="photos"
          label={waiting.length ? "Add more photos (optional)" : "Photos of the finished job"}
          hint="Take them now or choose them, up to 6: JPEG, PNG or WebP. The first is the project's main photo. Their location and camera details are removed."
          type="file"
          multiple
          accept="image/*"
          error={errors["new-photo"]}
          className="field cursor-pointer text-muted file:mr-3 file:min-h-9 file:cursor-pointer file:rounded-md file:border-2 file:border-ink file:bg-paper file:px-3 file:font-semibold file:text-ink"
        />
        {waiting.length === 0 && (
          <Field form="site" name="new-alt-0" label="What the (first) photo shows" hint="For people who cannot see it, e.g. “Slate roof with new lead flashing round the chimney”. With several photos, you are then asked what each shows." defaultValue={value("new-alt-0", "")} error={errors["new-alt-0"]} />
        )}
        <Field form="site" name="new-title" label="Title" defaultValue={value("new-title", "")} error={errors["new-title"]} />
        <Select form="site" name="new-category" label="Kind of job" options={categoryOptions} defaultValue={value("new-category", "")} error={errors["new-category"]} />
        <Select form="site" name="new-town" label="Town" options={townOptions} defaultValue={value("new-town", fromRequest?.town ?? "")} error={errors["new-town"]} />
        <TextArea form="site" name="new-description" label="What was done" rows={4} defaultValue={value("new-description", "")} error={errors["new-description"]} />
        <button type="submit" className="btn-primary">
          Add to the draft
        </button>
      </PostForm>
      <PostForm id="projects" noValidate className="space-y-6" aria-labelledby="projects-heading">
        <h2 id="projects-heading" className="text-xl">
          The projects, in the order shown
        </h2>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="from" value={draft.revision} />
        {projects.map((project, i) => (
          <fieldset key={`${project.title}-${i}`} className="card space-y-4">
            <legend className="float-left mb-2 w-full text-lg font-semibold">{project.title}</legend>
            {project.photos[0]?.thumbnail && <img src={project.photos[0].thumbnail} alt="" width={240} className="h-auto rounded-lg" />}
            <Select form="site" name={`p-${i}-position`} label="Position" options={positions} defaultValue={value(`p-${i}-position`, String(i + 1))} />
            <Field form="site" name={`p-${i}-title`} label="Title" defaultValue={value(`p-${i}-title`, project.title)} error={errors[`p-${i}-title`]} />
            <Select form="site" name={`p-${i}-category`} label="Kind of job" options={categoryOptions} defaultValue={value(`p-${i}-category`, project.category)} error={errors[`p-${i}-category`]} />
            <Select form="site" name={`p-${i}-town`} label="Town" options={townOptions} defaultValue={value(`p-${i}-town`, project.location)} error={errors[`p-${i}-town`]} />
            <TextArea form="site" name={`p-${i}-description`} label="What was done" rows={3} defaultValue={value(`p-${i}-description`, project.description)} error={errors[`p-${i}-description`]} />
            {project.photos.map((photo, j) => (
              <Field
                key={j}
                form="site"
                name={`p-${i}-alt-${j}`}
                label={project.photos.length === 1 ? "What the photo shows" : `What photo ${j + 1} shows`}
                defaultValue={value(`p-${i}-alt-${j}`, photo.alt)}
                error={errors[`p-${i}-alt-${j}`]}
              />
            ))}
            <RemoveBox name={`p-${i}-remove`} values={actionData?.values}>
              Remove this project
            </RemoveBox>
          </fieldset>
        ))}
      </PostForm>
    </SitePage>
  );
}
