/**
 * Photos with a quote request, through the real server, a real SQLite file and a real SMTP server:
 * stored re-encoded with the request, attached to the e-mail, and every refusal answered with its
 * message, the visitor's text kept and nothing stored.
 */
import { existsSync, readdirSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noisyJpeg, picture } from "../support/pictures.ts";
import { photoRows, postMultipart, QUOTE, startServer, type Photo, type RunningServer } from "../support/server.ts";
import { attachmentsOf, headersOf, startSmtp, waitFor } from "../support/smtp.ts";

/** The photo files on disk, and the uploads still waiting in the scratch folder. */
function photoFiles(server: RunningServer) {
  const dir = path.join(server.dataDir, "photos");
  const incoming = path.join(dir, "incoming");
  return {
    stored: existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".jpg")) : [],
    incoming: existsSync(incoming) ? readdirSync(incoming) : [],
  };
}

describe("a quote with photos", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: RunningServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "office@example.com", FORM_RATE_LIMIT: "1000" });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it("stores both photos re-encoded with the request, never serves them, and e-mails them at most 1,600 px", async () => {
    const name = "Photo Sender";
    const photos: Photo[] = [
      { name: "roof.jpg", bytes: await picture("jpeg", 3000, 2000) },
      { name: "gutter.png", bytes: await picture("png", 800, 600), type: "image/png" },
    ];
    const response = await postMultipart(server, "/?index", { ...QUOTE, name }, photos);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/\?sent=K-\d{4,}&book=[\w-]{43}#quote-sent$/);

    const lead = server.rows().find((r) => r.name === name)!;
    expect(lead).toMatchObject({ form: "quote", page: "/", message: QUOTE.message });
    const rows = photoRows(server).filter((p) => p.lead_id === lead.id);
    expect(rows.map((p) => [p.position, p.width, p.height])).toEqual([[0, 2560, 1707], [1, 800, 600]]);
    // The uploads as sent are removed once the answer has gone.
    await waitFor(() => photoFiles(server).incoming.length === 0);
    const files = photoFiles(server);
    expect(files.stored.sort()).toEqual(rows.map((p) => `${String(p.id)}.jpg`).sort());
    for (const file of files.stored) {
      expect((await sharp(path.join(server.dataDir, "photos", file)).metadata()).format).toBe("jpeg");
      for (const url of [`/photos/${file}`, `/data/photos/${file}`, `/${file}`]) expect((await fetch(`${server.url}${url}`)).status).toBe(404);
    }

    const mail = await waitFor(() => smtp.messages.find((m) => headersOf(m.raw).get("subject") === `New quote request K-${1000 + Number(lead.id)} from ${name}`));
    expect(mail.raw).toContain("Photos: 2 attached.");
    const attachments = attachmentsOf(mail.raw);
    expect(attachments.map((a) => a.filename)).toEqual(["photo-1.jpg", "photo-2.jpg"]);
    const sizes = await Promise.all(attachments.map(async (a) => sharp(a.bytes).metadata()));
    expect(sizes.map((m) => [m.format, m.width, m.height])).toEqual([["jpeg", 1600, 1067], ["jpeg", 800, 600]]);
  });

  it("still takes a quote with no photo chosen, as a browser sends it without JavaScript", async () => {
    const name = "No Photo Sender";
    const response = await postMultipart(server, "/guttering-fascias-in-stevenage", { ...QUOTE, name });
    expect(response.status).toBe(303);
    const lead = server.rows().find((r) => r.name === name)!;
    expect(photoRows(server).filter((p) => p.lead_id === lead.id)).toEqual([]);
    const mail = await waitFor(() => smtp.messages.find((m) => headersOf(m.raw).get("subject") === `New quote request K-${1000 + Number(lead.id)} from ${name}`));
    expect(mail.raw).not.toContain("attached");
  });
});

describe("refused photos", () => {
  let server: RunningServer;
  beforeAll(async () => (server = await startServer({ FORM_RATE_LIMIT: "1000" })));
  afterAll(() => server.stop());

  async function expectRefused(photos: Photo[], message: string) {
    const before = { rows: server.rows().length, photos: photoRows(server).length };
    const fields = { ...QUOTE, name: "Refused Visitor", address: "7 Kept Lane" };
    const response = await postMultipart(server, "/?index", fields, photos);
    expect(response.status, message).toBe(400);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<p id="quote-photos-error" class="field-error">${message}</p>`));
    expect(html).toMatch(/id="quote-photos"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="quote-photos"/);
    // What the visitor typed stays in the fields.
    for (const value of ["Refused Visitor", QUOTE.email, "7 Kept Lane"]) expect(html).toContain(`value="${value}"`);
    expect(html).toContain(QUOTE.message);
    expect({ rows: server.rows().length, photos: photoRows(server).length }).toEqual(before);
    await waitFor(() => photoFiles(server).incoming.length === 0);
    expect(photoFiles(server)).toEqual({ stored: [], incoming: [] });
  }

  it("refuses a text file renamed to .jpg", async () => {
    await expectRefused([{ name: "roof.jpg", bytes: Buffer.from("These are not the pixels you are looking for.\n".repeat(50)) }], "Photos must be JPEG, PNG or WebP pictures");
  });

  it("refuses a 12 MB picture", async () => {
    const big = await noisyJpeg(12 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    await expectRefused([{ name: "small.jpg", bytes: await picture("jpeg") }, { name: "huge.jpg", bytes: big }], "Each photo must be 10 MB or smaller");
  });

  it("refuses six pictures", async () => {
    const one = await picture("jpeg");
    await expectRefused(Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.jpg`, bytes: one })), "Please send at most 5 photos");
  });

  it("keeps the 32 KB cap for the fields of a multipart form", async () => {
    const response = await postMultipart(server, "/?index", { ...QUOTE, message: "x".repeat(40_000) });
    expect(response.status).toBe(413);
    expect(server.rows()).toHaveLength(0);
  });

  it("refuses an upload over 55 MB from its Content-Length, before reading it", async () => {
    const answer = await rawPost(server, { contentLength: 60 * 1024 * 1024, send: 64 * 1024, hangUp: false });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("Each photo must be 10 MB or smaller, and you can send at most 5.");
    expect(server.rows()).toHaveLength(0);
  });

  it("stores nothing from an upload cut off half way, and keeps serving", async () => {
    const answer = await rawPost(server, { contentLength: 2 * 1024 * 1024, send: 1024 * 1024, hangUp: true });
    expect(answer).toBe("");
    await waitFor(() => photoFiles(server).incoming.length === 0);
    expect(photoFiles(server)).toEqual({ stored: [], incoming: [] });
    expect(server.rows()).toHaveLength(0);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.output()).not.toMatch(/ 5\d\d |Error/);
  });
});

/**
 * Sends a multipart quote with one photo by hand, declaring `contentLength` but sending only the
 * first `send` bytes; then hangs up, or waits for the answer. Returns what the server answered.
 */
async function rawPost(server: RunningServer, options: { contentLength: number; send: number; hangUp: boolean }): Promise<string> {
  const boundary = "----kestrel-test";
  const fields = Object.entries(QUOTE)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const head = `${fields}--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="roof.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const photo = await noisyJpeg(options.send);
  const body = Buffer.concat([Buffer.from(head), photo]).subarray(0, options.send);
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("error", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    socket.on("connect", () => {
      socket.write(
        `POST /?index HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${options.contentLength}\r\n\r\n`,
      );
      socket.write(body, () => {
        if (options.hangUp) setTimeout(() => socket.destroy(), 200);
        else setTimeout(() => socket.end(), 2_000);
      });
    });
    setTimeout(() => reject(new Error(`no end to the raw post; got ${answer.slice(0, 100)}`)), 15_000).unref();
  });
}
