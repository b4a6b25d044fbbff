/**
 * The gallery's actions (decision 28): a project added with its photos (`gallery.add`), the
 * projects changed, reordered and removed (`gallery.save`), and a won request's photo made into
 * the gallery's sizes to start a project (`gallery.from-request`). Photos are made before the
 * change (`prepare`); an added project's photos are kept at once, so a refused try keeps them.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { data } from "react-router";
import * as z from "zod/mini";
import { contentFiles } from "../../content/index.ts";
import { galleryProjectSchema } from "../../content/schema.ts";
import { answer, defineAction, done, type Finding } from "../actions/define.ts";
import { dataDir } from "../db/files.server.ts";
import { fieldErrors, typedValues } from "../forms/fields.ts";
import { recordId, revision, text, UNKNOWN_BUTTON } from "../forms/parse-form.ts";
import { parseRecordId } from "../forms/record-id.ts";
import { placeOf } from "../jobs/push.server.ts";
import { customerSaidYes } from "../photos/customer-photos.server.ts";
import { NO_CONSENT } from "../photos/job-photos.ts";
import { leadById } from "../requests/lead.ts";
import { photoPath, photosOf } from "../requests/photo-store.server.ts";
import { draftContent, saveCheckedDraft } from "./draft.server.ts";
import { withList } from "./edits.ts";
import { galleryPhotoFromStoredJpeg, processGalleryPhoto } from "../photos/gallery-pictures.server.ts";
import { addPicture, UPLOADS_DIR } from "./pictures.server.ts";
import { currentDraft } from "./versions.server.ts";

/** The main photo and up to five more. */
const MAX_PHOTOS = 6;

type Errors = Record<string, string>;

/** What the page shows again after a refused post: the messages at their fields, and what was typed. */
export interface GalleryAnswer {
  error: string;
  errors: Errors;
  values: Record<string, string>;
}

const picturesDir = () => path.join(dataDir(), UPLOADS_DIR);

const refused = (errors: Partial<Errors>, form: FormData): GalleryAnswer => ({ error: errors.intent ?? UNKNOWN_BUTTON, errors: {}, values: typedValues(form) });

/** The schema's problems with a project, by the form's field names. */
function projectErrors(project: unknown, prefix: string): Errors {
  const result = galleryProjectSchema.safeParse(project);
  const fieldOf = ([first, second]: readonly PropertyKey[]) =>
    `${prefix}-${first === "image" ? (second === "alt" ? "alt-0" : "photo") : first === "morePhotos" ? `alt-${Number(second) + 1}` : first === "location" ? "town" : String(first)}`;
  return fieldErrors(result.success ? [] : result.error.issues, fieldOf, (field, issue) =>
    field.startsWith(`${prefix}-alt`) ? "Describe the photo for people who cannot see it: the project cannot be published without it" : issue.message,
  ) as Errors;
}

/** The photos made for a new project: their names, or why the project was not added. */
type Made = { names: string[] } | { refused: GalleryAnswer };

/** A project added: the photos already made (kept from an earlier try, or from a request), then any sent now. */
export const galleryAdd = defineAction({
  name: "gallery.add",
  intent: "add",
  schema: z.object({ from: revision() }),
  refused,
  prepare: async (_, { form, upload, store, services: { pictures } }): Promise<Made> => {
    const names = form.getAll("picture").map(String).filter((name) => pictures.has(name));
    const notAdded = (message: string, kept: string): Made => ({ refused: { error: "The project was not added.", errors: { "new-photo": message }, values: { ...typedValues(form), pictures: kept } } });
    if (upload?.refusal) return notAdded("Those photos could not be taken: at most 5, of 10 MB each.", names.join(","));
    for (const file of upload?.files ?? []) {
      const made = await processGalleryPhoto(await readFile(file.path), picturesDir());
      if (!made.ok) return notAdded(made.message, names.join(","));
      addPicture(store, pictures, made);
      names.push(made.name);
    }
    if (names.length > MAX_PHOTOS) return notAdded(`At most ${MAX_PHOTOS} photos a project.`, "");
    return { names };
  },
  apply: ({ from }, { form, store, actor }, made) => {
    if ("refused" in made) return answer(made.refused);
    const { names } = made;
    const get = (name: string) => String(form.get(name) ?? "").trim();
    const values = { ...typedValues(form), pictures: names.join(",") };
    if (names.length === 0) return answer({ error: "The project needs its photo.", errors: { "new-photo": "Choose a photo of the finished job, or take one" }, values } satisfies GalleryAnswer);
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
    if (Object.keys(errors).length) return answer({ error: "The project needs a few more words: see the messages beside them. Nothing was saved.", errors, values } satisfies GalleryAnswer);
    const saved = saveCheckedDraft(store, withList(contentFiles, currentDraft(store).edits, "gallery", [project, ...draftContent(store).gallery]), { from, author: actor });
    if (!saved.ok) return answer({ error: saved.error, errors: {}, values } satisfies GalleryAnswer, saved.status);
    return done("/admin/site/gallery?saved");
  },
});

/** The projects as posted: changed, in their new order, the removed ones left out; at least one kept. */
export const gallerySave = defineAction({
  name: "gallery.save",
  intent: "save",
  schema: z.object({ from: revision() }),
  refused,
  apply: ({ from }, { form, store, actor }) => {
    const get = (name: string) => String(form.get(name) ?? "").trim();
    const values = typedValues(form);
    const rows = draftContent(store).gallery.map((project, i) => ({
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
    if (Object.keys(errors).length) return answer({ error: "Some projects need correcting: see the messages beside them. Nothing was saved.", errors, values } satisfies GalleryAnswer);
    const kept = rows.filter((row) => !row.remove).sort((a, b) => a.position - b.position || a.index - b.index);
    if (kept.length === 0) return answer({ error: "Keep at least one project: the gallery page shows them.", errors, values } satisfies GalleryAnswer);
    const saved = saveCheckedDraft(store, withList(contentFiles, currentDraft(store).edits, "gallery", kept.map((row) => row.project)), { from, author: actor });
    if (!saved.ok) return answer({ error: saved.error, errors: {}, values } satisfies GalleryAnswer, saved.status);
    return done("/admin/site/gallery?saved");
  },
});

/** The won request a photo is taken from, by its number; any other is a 404. */
function wonLead({ form, store }: Finding) {
  const id = parseRecordId(form.get("lead"));
  const lead = id === undefined ? undefined : leadById(store, id);
  if (!lead || lead.status !== "won") throw data(null, { status: 404 });
  return lead;
}

/** A won request's photo, posted from the request's page, made into the gallery's sizes now; the words come next. Only with the customer's Yes. */
export const galleryFromRequest = defineAction({
  name: "gallery.from-request",
  intent: "from-request",
  find: wonLead,
  // The photos the visitor sent are theirs: only with their Yes on their page (issue 37 §4).
  early: (form, { store, target: lead }) => (customerSaidYes(store, lead.id) ? undefined : answer({ error: NO_CONSENT, errors: {}, values: typedValues(form) } satisfies GalleryAnswer, 409)),
  schema: z.object({ lead: recordId(), photo: text(z.trim()) }),
  refused,
  prepare: async ({ photo: wanted }, { store, target: lead }) => {
    const photo = photosOf(store, lead.id).find((p) => p.id === wanted) ?? photosOf(store, lead.id)[0];
    const file = photo && photoPath(store, photo.id);
    return file ? await galleryPhotoFromStoredJpeg(file, picturesDir()) : undefined;
  },
  apply: (_, { store, services: { pictures }, content: { areas }, target: lead, form }, made) => {
    if (!made) return answer({ error: "That request has no photo left to use.", errors: {}, values: typedValues(form) } satisfies GalleryAnswer, 404);
    if (!made.ok) return answer({ error: made.message, errors: {}, values: typedValues(form) } satisfies GalleryAnswer);
    addPicture(store, pictures, made);
    const town = areas.find((area) => area.name === placeOf(lead.location, areas.map((a) => a.name)) || lead.page.includes(`roofers-in-${area.slug}/`));
    return done(`/admin/site/gallery?picture=${made.name}${town ? `&town=${town.slug}` : ""}#add-project`);
  },
});

export const GALLERY_ACTIONS = [galleryAdd, gallerySave, galleryFromRequest];
