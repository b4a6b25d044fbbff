/**
 * The owner's gallery (/admin/site/gallery): add a project with a photo straight from the phone's
 * camera or from a won request's photos, change, reorder and remove projects. A photo is checked
 * by its content, turned upright, stripped of every bit of metadata and made into the site's
 * sizes (app/lib/site/gallery-photos.server.ts); the original is never stored. Alt text is
 * required. Saved into the same draft as the facts, to preview and publish from the page's bar
 * or Your site.
 */
import { draftContent, saveCheckedDraft, siteFrame } from "~/lib/site/draft.server.ts";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { data, redirect } from "react-router";
import { SitePage } from "~/components/owner/SitePage.tsx";
import { RemoveBox } from "~/components/owner/RemoveBox.tsx";
import { Field, Select, TextArea } from "~/components/forms/Field.tsx";
import { contentFiles } from "~/content/index.ts";
import { galleryProjectSchema, type GalleryProject } from "~/content/schema.ts";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { dataDir } from "~/lib/db/files.server.ts";
import type { Db } from "~/lib/db/connection.server.ts";
import type { Pictures } from "~/lib/public-site/images.ts";
import { contentOf, servicesOf, storeOf, uploadContext } from "~/lib/services/services.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { placeOf } from "~/lib/jobs/push.server.ts";
import { withList } from "~/lib/site/edits.ts";
import { galleryPhotoFromStoredJpeg, processGalleryPhoto } from "~/lib/site/gallery-photos.server.ts";
import { addPicture, UPLOADS_DIR } from "~/lib/site/pictures.server.ts";
import { currentDraft } from "~/lib/site/versions.server.ts";
import { fieldErrors, typedValues } from "~/lib/forms/fields.ts";
import * as z from "zod/mini";
import { parseForm, recordId, text, UNKNOWN_BUTTON } from "~/lib/forms/parse-form.ts";
import type { Route } from "./+types/site-gallery";
import { photoPath, photosOf } from "~/lib/requests/photo-store.server.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Gallery");

const CATEGORIES = galleryProjectSchema.shape.category.options;
/** The main photo and up to five more. */
const MAX_PHOTOS = 6;

function draftGallery(store: Db): GalleryProject[] {
  return draftContent(store).gallery;
}

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
    projects: draftGallery(storeOf(context)).map((project) => ({
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

/** The schema's problems with a project, by the form's field names. */
function projectErrors(project: unknown, prefix: string): Errors {
  const result = galleryProjectSchema.safeParse(project);
  const fieldOf = ([first, second]: readonly PropertyKey[]) =>
    `${prefix}-${first === "image" ? (second === "alt" ? "alt-0" : "photo") : first === "morePhotos" ? `alt-${Number(second) + 1}` : first === "location" ? "town" : String(first)}`;
  return fieldErrors(result.success ? [] : result.error.issues, fieldOf, (field, issue) =>
    field.startsWith(`${prefix}-alt`) ? "Describe the photo for people who cannot see it: the project cannot be published without it" : issue.message,
  ) as Errors;
}

/** A won request's photo, posted from the request's page: the request by its number, the photo by its name. */
const fromRequestForm = z.object({ lead: recordId(), photo: text(z.trim()) });

export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  const { store, pictures } = servicesOf(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const from = Number(form.get("from"));
  const get = (name: string) => String(form.get(name) ?? "").trim();
  const values = typedValues(form);
  const picturesDir = path.join(dataDir(), UPLOADS_DIR);

  if (intent === "from-request") {
    // A won request's photo starts a project: the photo made into the gallery's sizes now, the words next.
    const posted = parseForm(fromRequestForm, form);
    const lead = posted.ok ? leadById(store, posted.value.lead) : undefined;
    if (!posted.ok || !lead || lead.status !== "won") throw data(null, { status: 404 });
    const photo = photosOf(store, lead.id).find((p) => p.id === posted.value.photo) ?? photosOf(store, lead.id)[0];
    const file = photo && photoPath(store, photo.id);
    if (!file) return data({ error: "That request has no photo left to use.", errors: {}, values }, { status: 404 });
    const made = await galleryPhotoFromStoredJpeg(file, picturesDir);
    if (!made.ok) return data({ error: made.message, errors: {}, values }, { status: 400 });
    addPicture(store, pictures, made);
    const { areas } = contentOf(context);
    const town = areas.find((area) => area.name === placeOf(lead.location, areas.map((a) => a.name)) || lead.page.includes(`roofers-in-${area.slug}/`));
    return redirect(`/admin/site/gallery?picture=${made.name}${town ? `&town=${town.slug}` : ""}#add-project`, 303);
  }

  if (intent === "add") {
    // Photos already made (kept from an earlier try, or from a request), then any sent now.
    const names = form.getAll("picture").map(String).filter((name) => pictures.has(name));
    const withPictures = (pictures: string): Record<string, string> => ({ ...values, pictures });
    const upload = context.get(uploadContext);
    if (upload?.refusal) return data({ error: "The project was not added.", errors: { "new-photo": "Those photos could not be taken: at most 5, of 10 MB each." }, values: withPictures(names.join(",")) }, { status: 400 });
    for (const file of upload?.files ?? []) {
      const made = await processGalleryPhoto(await readFile(file.path), picturesDir);
      if (!made.ok) return data({ error: "The project was not added.", errors: { "new-photo": made.message }, values: withPictures(names.join(",")) }, { status: 400 });
      addPicture(store, pictures, made);
      names.push(made.name);
    }
    values.pictures = names.join(",");
    if (names.length === 0) return data({ error: "The project needs its photo.", errors: { "new-photo": "Choose a photo of the finished job, or take one" }, values }, { status: 400 });
    if (names.length > MAX_PHOTOS) return data({ error: "The project was not added.", errors: { "new-photo": `At most ${MAX_PHOTOS} photos a project.` }, values: withPictures("") }, { status: 400 });
    const photos = names.map((name, j) => ({ src: `${name}.jpg`, alt: get(`new-alt-${j}`) }));
    const project = {
      title: get("new-title"),
      category: get("new-category"),
      location: get("new-town"),
      description: get("new-description"),
      image: photos[0],
      ...(photos.length > 1 ? { morePhotos: photos.slice(1) } : {}),
    };
    // Every photo needs its words: the schema asks them of each, and each error is at its photo.
    const errors = projectErrors(project, "new");
    if (Object.keys(errors).length) return data({ error: "The project needs a few more words: see the messages beside them. Nothing was saved.", errors, values }, { status: 400 });
    const saved = saveCheckedDraft(store, withList(contentFiles, currentDraft(store).edits, "gallery", [project, ...draftGallery(storeOf(context))]), { from, author: owner.name });
    if (!saved.ok) return data({ error: saved.error, errors: {}, values }, { status: saved.status });
    return redirect("/admin/site/gallery?saved", 303);
  }

  if (intent === "save") {
    const current = draftGallery(storeOf(context));
    const rows = current.map((project, i) => ({
      position: Number(get(`p-${i}-position`)) || i + 1,
      remove: Boolean(form.get(`p-${i}-remove`)),
      project: {
        ...project,
        title: get(`p-${i}-title`),
        category: get(`p-${i}-category`),
        location: get(`p-${i}-town`),
        description: get(`p-${i}-description`),
        image: { ...project.image, alt: get(`p-${i}-alt-0`) },
        ...(project.morePhotos ? { morePhotos: project.morePhotos.map((photo, j) => ({ ...photo, alt: get(`p-${i}-alt-${j + 1}`) })) } : {}),
      },
      index: i,
    }));
    const errors: Errors = Object.assign({}, ...rows.filter((row) => !row.remove).map((row) => projectErrors(row.project, `p-${row.index}`)));
    if (Object.keys(errors).length) return data({ error: "Some projects need correcting: see the messages beside them. Nothing was saved.", errors, values }, { status: 400 });
    const kept = rows.filter((row) => !row.remove).sort((a, b) => a.position - b.position || a.index - b.index);
    if (kept.length === 0) return data({ error: "Keep at least one project: the gallery page shows them.", errors, values }, { status: 400 });
    const list = kept.map((row) => row.project);
    const saved = saveCheckedDraft(store, withList(contentFiles, currentDraft(store).edits, "gallery", list), { from, author: owner.name });
    if (!saved.ok) return data({ error: saved.error, errors: {}, values }, { status: saved.status });
    return redirect("/admin/site/gallery?saved", 303);
  }
  return data({ error: UNKNOWN_BUTTON, errors: {}, values }, { status: 400 });
}

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
