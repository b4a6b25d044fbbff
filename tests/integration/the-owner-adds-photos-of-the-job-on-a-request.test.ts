/**
 * Photos of the job on a request's page (issue 37 §1) through the real server: a JPEG with its GPS
 * position and time taken, a PNG and a WebP, added once with one key however often posted, served
 * only as the server's own WebP copies with no metadata, the time taken shown; each file the
 * server cannot keep (a HEIC, a text file named .jpg, one over 25 MB, a 21st) said at the field
 * while the good ones of the same upload are kept; a photo's stage and caption changed under it; a
 * Delete that asks first; and the photos'
 * addresses closed without the owner's sign-in.
 */
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOnceKey } from "~/lib/actions/once-key.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { SARAHS_REQUEST } from "../support/leads.ts";
import { openStore, serverWithOwner } from "../support/owner.ts";
import { datedPhoneJpeg, picture } from "../support/pictures.ts";
import { postMultipart, postForm, type Photo, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;
let id: number;
beforeAll(async () => {
  ({ server, cookie } = await serverWithOwner());
  const store = openStore(server.dataDir);
  id = store.add(SARAHS_REQUEST).id;
  store.close();
});
afterAll(() => server.stop());

const page = () => `/admin/requests/${id}`;
const owner = (p: string) => fetch(`${server.url}${p}`, { headers: { Cookie: cookie }, redirect: "manual" });
const html = async (p: string) => (await (await owner(p)).text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const add = (photos: Photo[], fields: Record<string, string> = {}, once = makeOnceKey()) => postMultipart(server, page(), { intent: "add-photos", stage: "survey", caption: "", once, ...fields }, photos, { Cookie: cookie });
const rows = () => {
  const db = new DatabaseSync(path.join(server.dataDir, "leads.sqlite"), { readOnly: true });
  try {
    return db.prepare("SELECT id, stage, caption, taken_at AS takenAt, time_from_camera AS fromCamera FROM job_photos WHERE lead_id = ? ORDER BY rowid").all(id) as { id: string; stage: string; caption: string; takenAt: string; fromCamera: number }[];
  } finally {
    db.close();
  }
};
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(64)]);
const HEIC_WORDS = "IMG_0412.HEIC: This photo is in a format we cannot open: in your camera settings choose Most Compatible";

describe("three photos added on the roof", () => {
  let first: string[] = [];

  it("are stored once for one key, however often it is posted", async () => {
    const photos = [
      { name: "IMG_0401.jpg", bytes: await datedPhoneJpeg("2025:12:02 10:14:00", 1200, 800) },
      { name: "roof.png", bytes: await picture("png", 640, 480), type: "image/png" },
      { name: "ridge.webp", bytes: await picture("webp", 640, 480), type: "image/webp" },
    ];
    const once = makeOnceKey();
    const answers = [await add(photos, { caption: "Slipped slates above the bay window" }, once), await add(photos, { caption: "Slipped slates above the bay window" }, once)];
    for (const answer of answers) {
      expect(answer.status, await answer.clone().text()).toBe(303);
      expect(answer.headers.get("location")).toBe(`${page()}?saved=photos&added=3#job-photos`);
    }
    first = rows().map((row) => row.id);
    expect(first).toHaveLength(3);
    expect(rows().every((row) => row.stage === "survey" && row.caption === "Slipped slates above the bay window")).toBe(true);
  });

  it("show on the request by stage with the time taken from the camera, else the time added", async () => {
    const text = await html(`${page()}?saved=photos&added=3`);
    expect(text).toContain("3 photos added.");
    expect(text).toContain("Photos of the job");
    expect(text).toContain("Survey (3)");
    const dated = rows().find((row) => row.fromCamera === 1)!;
    expect(dated.takenAt).toBe("2025-12-02T10:14:00.000Z");
    expect(text).toContain(`Taken <time dateTime="2025-12-02T10:14:00.000Z">${exactTime(dated.takenAt)}</time>`);
    expect(rows().filter((row) => row.fromCamera === 0)).toHaveLength(2);
    expect(text).toContain("Added <time");
    expect(text).toContain('alt="Slipped slates above the bay window"');
    expect(text).toMatch(/<img[^>]*src="\/admin\/job-photos\/[0-9a-f]{32}\/thumb"[^>]*loading="lazy"/);
    expect(text, "Survey is ticked while no quote is sent").toMatch(/name="stage" checked="" value="survey"/);
  });

  it("are served only as the server's own WebP copies, in two sizes, with no EXIF or GPS", async () => {
    for (const photo of first) {
      for (const size of ["thumb", "large"]) {
        const response = await owner(`/admin/job-photos/${photo}/${size}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/webp");
        const bytes = Buffer.from(await response.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.exif, `${size} has no EXIF`).toBeUndefined();
        expect(meta.xmp, `${size} has no XMP`).toBeUndefined();
        expect(bytes.includes("KestrelCam"), "no camera").toBe(false);
        expect(bytes.includes("Exif"), "no EXIF block").toBe(false);
        expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(size === "thumb" ? 400 : 2048);
      }
    }
    expect((await owner(`/admin/job-photos/${first[0]}/original`)).status).toBe(404);
    expect((await owner(`/admin/job-photos/${"0".repeat(32)}/thumb`)).status).toBe(404);
  });

  it("are closed without the owner's sign-in", async () => {
    for (const size of ["thumb", "large"]) {
      const response = await fetch(`${server.url}/admin/job-photos/${first[0]}/${size}`, { redirect: "manual" });
      expect(response.status).toBeGreaterThanOrEqual(300);
      expect(response.status).toBeLessThan(400);
      expect(response.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    }
  });

  it("take a request page's big post only from the owner: signed out, 60 MB is refused before it is read", async () => {
    const big = { name: "big.jpg", bytes: Buffer.alloc(60 * 1024 * 1024), type: "image/jpeg" };
    const response = await postMultipart(server, page(), { intent: "add-photos", stage: "survey", caption: "", once: makeOnceKey() }, [big]);
    expect(response.status).toBe(413);
  });
});

describe("a file the server cannot keep", () => {
  const good = async () => ({ name: "good.png", bytes: await picture("png"), type: "image/png" });
  const refusedOn = async (response: Response, words: string) => {
    expect(response.status, await response.clone().text()).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toContain("added=1");
    expect(await html(location.replace(/#.*/, ""))).toContain(words);
  };

  it("is said at the field, naming it, and the good ones are kept: a HEIC the server cannot open", async () => {
    const before = rows().length;
    await refusedOn(await add([await good(), { name: "IMG_0412.HEIC", bytes: HEIC, type: "image/heic" }]), HEIC_WORDS);
    expect(rows()).toHaveLength(before + 1);
  });

  it("a text file named .jpg", async () => {
    const before = rows().length;
    await refusedOn(await add([{ name: "notes.jpg", bytes: Buffer.from("Ridge tiles: 14\n".repeat(50)) }, await good()]), "notes.jpg: This file is not a photo we can open: choose a JPEG, PNG or WebP picture");
    expect(rows()).toHaveLength(before + 1);
  });

  it("a 30 MB file", async () => {
    const before = rows().length;
    const huge = Buffer.concat([await picture("jpeg"), randomBytes(30 * 1024 * 1024)]);
    await refusedOn(await add([{ name: "huge.jpg", bytes: huge }, await good()]), "huge.jpg: This photo is larger than 25 MB: choose a smaller one");
    expect(rows()).toHaveLength(before + 1);
  });

  it("a 21st photo: the first 20 are kept", async () => {
    const before = rows().length;
    const photo = await good();
    const response = await add(Array.from({ length: 21 }, (_, i) => ({ ...photo, name: `p${i + 1}.png` })));
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toContain("added=20");
    expect(await html(location.replace(/#.*/, ""))).toContain("At most 20 photos at a time: the first 20 were taken, add the rest next");
    expect(rows()).toHaveLength(before + 20);
  });

  it("alone is refused at the field, with nothing kept, and the form keeps what was typed", async () => {
    const before = rows().length;
    const response = await add([{ name: "IMG_0412.HEIC", bytes: HEIC, type: "image/heic" }], { caption: "Valley gutter", stage: "after" });
    expect(response.status).toBe(400);
    const text = (await response.text()).replaceAll("<!-- -->", "");
    expect(text).toMatch(/id="job-photos-file"[^>]*aria-invalid="true"/);
    expect(text).toContain(HEIC_WORDS);
    expect(text).toContain('value="Valley gutter"');
    expect(rows()).toHaveLength(before);
    expect(existsSync(path.join(server.dataDir, "photos", "job"))).toBe(true);
  });

  it("with a caption over 140 characters, keeps nothing and says so at the caption", async () => {
    const before = rows().length;
    const response = await add([await good()], { caption: "x".repeat(141) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("A caption can be at most 140 characters.");
    expect(rows()).toHaveLength(before);
  });
});

describe("a photo's stage and caption", () => {
  it("change under it, and a caption over 140 characters is said at that photo's caption", async () => {
    const [photo] = rows();
    const saved = await postForm(server, page(), { intent: "save-photo", photo: photo!.id, stage: "before", caption: "Rotten batten under the valley", once: makeOnceKey() }, { Cookie: cookie });
    expect(saved.status, await saved.clone().text()).toBe(303);
    expect(saved.headers.get("location")).toBe(`${page()}?saved=photo-saved#job-photos`);
    expect(rows().find((row) => row.id === photo!.id)).toMatchObject({ stage: "before", caption: "Rotten batten under the valley" });

    const refused = await postForm(server, page(), { intent: "save-photo", photo: photo!.id, stage: "after", caption: "y".repeat(141), once: makeOnceKey() }, { Cookie: cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(new RegExp(`id="job-photo-${photo!.id}-caption-error"[^>]*>A caption can be at most 140 characters.`));
    expect(rows().find((row) => row.id === photo!.id)).toMatchObject({ stage: "before" });
  });
});

describe("a photo's Delete", () => {
  it("asks first, and only its own answer deletes the photo and its files", async () => {
    const [photo] = rows();
    const files = ["thumb", "large"].map((size) => path.join(server.dataDir, "photos", "job", `${photo!.id}-${size}.webp`));
    expect(files.every((file) => existsSync(file))).toBe(true);
    const asked = await postForm(server, page(), { intent: "delete-photo", photo: photo!.id, once: makeOnceKey() }, { Cookie: cookie });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe(`${page()}?delete-photo=${photo!.id}#job-photos`);
    expect(rows().some((row) => row.id === photo!.id), "nothing deleted").toBe(true);
    expect(await html(`${page()}?delete-photo=${photo!.id}`)).toContain("Delete this photo? This cannot be undone.");

    const deleted = await postForm(server, page(), { intent: "delete-photo", photo: photo!.id, confirmed: "delete-photo", once: makeOnceKey() }, { Cookie: cookie });
    expect(deleted.headers.get("location")).toBe(`${page()}?saved=photo-deleted#job-photos`);
    expect(rows().some((row) => row.id === photo!.id)).toBe(false);
    expect(files.some((file) => existsSync(file)), "its files are gone").toBe(false);
    expect((await owner(`/admin/job-photos/${photo!.id}/thumb`)).status).toBe(404);
  });
});
