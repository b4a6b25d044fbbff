/**
 * The gallery at /admin/site/gallery through the real server: a project from a new phone photo
 * carrying its GPS position, and one from a won request's photo, both live on /gallery after a
 * publish in AVIF and WebP with no metadata left; a project without alt text, or with an iPhone
 * HEIC photo, is refused at its field and nothing is saved.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { recordPhotoConsent } from "../../app/lib/photos/customer-photos.server.ts";
import { openStore, serverWithOwner, storedPhoto } from "../support/owner.ts";
import { sidewaysPhoneJpeg } from "../support/pictures.ts";
import { postForm, postMultipart, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;
beforeAll(async () => ({ server, cookie } = await serverWithOwner()));
afterAll(() => server.stop());

const owner = (p: string) => fetch(`${server.url}${p}`, { headers: { Cookie: cookie } });
const revision = async (page = "/admin/site/gallery") => /name="from" value="(\d+)"/.exec(await (await owner(page)).text())![1]!;
const words = (title: string) => ({
  "new-title": title,
  "new-category": "Repairs",
  "new-town": "hitchin",
  "new-description": "Twelve slipped tiles replaced and the ridge re-bedded in one morning.",
  "new-alt-0": "Tiled roof with a new ridge line in the afternoon sun",
});
const publish = async () => {
  const response = await postForm(server, "/admin/site", { intent: "publish", from: await revision("/admin/site") }, { Cookie: cookie });
  expect(response.headers.get("location")).toMatch(/published=\d+/);
};

it("refuses a project without alt text, and a HEIC photo, at their fields, saving nothing", async () => {
  const photo = { name: "IMG_0001.jpg", bytes: await sidewaysPhoneJpeg(1200, 800) };
  const noAlt = await postMultipart(server, "/admin/site/gallery", { intent: "add", from: await revision(), ...words("No alt"), "new-alt-0": "" }, [photo], { Cookie: cookie });
  expect(noAlt.status).toBe(400);
  const html = await noAlt.text();
  expect(html).toMatch(/id="site-new-alt-0"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="site-new-alt-0"/);
  expect(html).toContain("cannot be published without it");
  expect(html, "the photo is kept for the next try").toMatch(/name="picture" value="g-[0-9a-f]{12}"/);

  const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(64)]);
  const refused = await postMultipart(server, "/admin/site/gallery", { intent: "add", from: await revision(), ...words("HEIC") }, [{ name: "IMG_0002.HEIC", bytes: heic, type: "image/heic" }], { Cookie: cookie });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("HEIC format");
  expect(await revision()).toBe("0");
});

it("puts a phone photo live on /gallery, upright, in AVIF and WebP, with no location or camera left in it", async () => {
  const photo = { name: "IMG_0003.jpg", bytes: await sidewaysPhoneJpeg(1200, 800) };
  const added = await postMultipart(server, "/admin/site/gallery", { intent: "add", from: await revision(), ...words("Ridge in Hitchin") }, [photo], { Cookie: cookie });
  expect(added.status, await added.clone().text()).toBe(303);
  expect(await (await owner("/admin/site")).text()).toContain("Gallery: 1 added, on the gallery page");
  await publish();
  const gallery = await (await fetch(`${server.url}/gallery`)).text();
  const pictureHtml = gallery.slice(gallery.lastIndexOf("<article", gallery.indexOf("Ridge in Hitchin")), gallery.indexOf("Ridge in Hitchin"));
  expect(pictureHtml).toContain('type="image/avif"');
  expect(pictureHtml).toContain('type="image/webp"');
  expect(pictureHtml).toContain('alt="Tiled roof with a new ridge line in the afternoon sun"');
  const files = [...pictureHtml.matchAll(/\/images\/uploads\/[^\s",]+/g)].map((m) => m[0]);
  expect(files.length).toBeGreaterThanOrEqual(3);
  for (const file of new Set(files)) {
    const response = await fetch(`${server.url}${file}`);
    expect(response.status, file).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif, `${file} has no EXIF`).toBeUndefined();
    expect(meta.xmp, `${file} has no XMP`).toBeUndefined();
    expect(meta.height! > meta.width!, `${file} is upright`).toBe(true);
  }
  expect((await fetch(`${server.url}/images/uploads/../leads.sqlite`)).status).not.toBe(200);
});

it("takes several photos for one project, each with its own words", async () => {
  const photos = [
    { name: "IMG_0010.jpg", bytes: await sidewaysPhoneJpeg(1200, 800) },
    { name: "IMG_0011.jpg", bytes: await sidewaysPhoneJpeg(1000, 700) },
  ];
  const first = await postMultipart(server, "/admin/site/gallery", { intent: "add", from: await revision(), ...words("Two views of a porch") }, photos, { Cookie: cookie });
  expect(first.status).toBe(400);
  const html = await first.text();
  expect(html, "photo 2's words are asked for").toMatch(/id="site-new-alt-1"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="site-new-alt-1"/);
  const kept = [...html.matchAll(/name="picture" value="(g-[0-9a-f]{12})"/g)].map((m) => m[1]!);
  expect(kept, "both photos kept for the next try").toHaveLength(2);
  const body = new URLSearchParams({ intent: "add", from: await revision(), ...words("Two views of a porch"), "new-alt-1": "The porch roof from the garden path" });
  for (const name of kept) body.append("picture", name);
  const second = await fetch(`${server.url}/admin/site/gallery`, { method: "POST", body, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" });
  expect(second.status).toBe(303);
  await publish();
  const gallery = await (await fetch(`${server.url}/gallery`)).text();
  expect(gallery).toContain('aria-label="More photos of Two views of a porch"');
  expect(gallery).toContain('alt="The porch roof from the garden path"');
  expect(gallery).toContain(`/images/uploads/${kept[1]}-`);
});

it("starts a project from a won request's photo, with the request's town, once its customer said Yes", async () => {
  const store = openStore(server.dataDir);
  let leadId: number;
  let photoId: string;
  try {
    const jpeg = await sharp({ create: { width: 1000, height: 700, channels: 3, background: { r: 90, g: 60, b: 40 } } }).jpeg().toBuffer();
    const photo = storedPhoto(store, { bytes: jpeg, width: 1000, height: 700 });
    const lead = store.add({ form: "quote", page: "/areas/roofers-in-harpenden/", name: "Won Customer", email: "won@example.org", phone: "07700 900777", location: "2 Station Road, Harpenden", message: "Chimney flashing." }, { notify: false, photos: [photo] });
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    // The customer said Yes on their page: the photos they sent may be shown (issue 37 §4).
    recordPhotoConsent(store, lead.id, "yes", new Date());
    leadId = lead.id;
    photoId = photo.id;
  } finally {
    store.close();
  }
  const requestPage = await (await owner(`/admin/requests/${leadId}`)).text();
  expect(requestPage).toContain("Add to gallery");
  const started = await postForm(server, "/admin/site/gallery", { intent: "from-request", lead: String(leadId), photo: photoId }, { Cookie: cookie });
  expect(started.status).toBe(303);
  const next = started.headers.get("location")!;
  expect(next).toMatch(/^\/admin\/site\/gallery\?picture=g-[0-9a-f]{12}&town=harpenden#add-project$/);
  const picture = /picture=(g-[0-9a-f]{12})/.exec(next)![1]!;
  const page = await (await owner(next)).text();
  expect(page).toMatch(/<option value="harpenden" selected="">/);
  const added = await postForm(server, "/admin/site/gallery", { intent: "add", from: await revision(), picture, ...words("Chimney in Harpenden"), "new-town": "harpenden" }, { Cookie: cookie });
  expect(added.status).toBe(303);
  await publish();
  const gallery = await (await fetch(`${server.url}/gallery`)).text();
  expect(gallery).toContain("Chimney in Harpenden");
  expect(gallery).toContain(`/images/uploads/${picture}-`);

  // Exported as the content files, with the photo where the build takes pictures from.
  const { run } = await import("../../scripts/content.ts");
  const dir = mkdtempSync(path.join(tmpdir(), "export-"));
  const before = process.env.DATA_DIR;
  process.env.DATA_DIR = server.dataDir;
  try {
    expect(run(["export", dir], () => {})).toBe(0);
    const exported = JSON.parse(readFileSync(path.join(dir, "gallery.json"), "utf8")) as { image: { src: string } }[];
    expect(exported[0]!.image.src).toBe(`${picture}.jpg`);
    expect((await sharp(path.join(dir, "images", `${picture}.jpg`)).metadata()).format).toBe("jpeg");
  } finally {
    process.env.DATA_DIR = before;
    rmSync(dir, { recursive: true, force: true });
  }
});
