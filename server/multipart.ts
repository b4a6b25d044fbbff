/**
 * Streams a multipart form post: the text fields into memory (32 KB in all, as for any form),
 * the photos to files in a scratch folder, never a whole upload in memory. Sizes and counts are
 * limited while the bytes arrive, so a 12 MB picture or a sixth photo costs at most the
 * request's 55 MB cap in reading, and is refused with the visitor's message by the action.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { MAX_PHOTO_MB, MAX_PHOTOS, PHOTO_MESSAGES } from "../app/lib/forms/photos.ts";
import { PHOTO_LIMITS, type Upload } from "../app/lib/photos/photos.server.ts";

export interface MultipartForm {
  /** The text fields, to hand on to the app as an ordinary form. */
  fields: URLSearchParams;
  upload: Upload;
}

/** Thrown for a post that is refused as a whole (too large, or the visitor went away). */
export class RequestRefused extends Error {
  readonly status: number;
  /** An HTML page to answer with instead of the plain-text message. */
  readonly page?: string;
  constructor(status: number, message: string, page?: string) {
    super(message);
    this.status = status;
    this.page = page;
  }
}

/**
 * What a visitor whose photos are over 55 MB in all sees: the request is refused before it is
 * read, so the form cannot be shown again with their text; the browser's Back button keeps it.
 */
const TOO_LARGE_PAGE = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your photos are too large to send</title></head><body><main><h1>Your photos are too large to send</h1><p>${PHOTO_MESSAGES.tooLarge}, and you can send at most ${MAX_PHOTOS}. Please go back with your browser's Back button, choose fewer or smaller photos, and send the form again.</p><p><a href="/">Return to Home</a></p></main></body></html>`;

export function photosTooLarge(): RequestRefused {
  return new RequestRefused(413, `The photos are too large: send at most ${MAX_PHOTOS} photos of ${MAX_PHOTO_MB} MB each`, TOO_LARGE_PAGE);
}

const PHOTO_FIELD = "photos";

/** What one address takes: how many files, how large each, and the whole post. */
export interface UploadLimits {
  files: number;
  fileBytes: number;
  requestBytes: number;
  /**
   * Taken photo by photo (the photos of the job): a file over the size is marked and the others
   * kept, files past the count are left and said so. Otherwise (the quote form) either refuses
   * the whole upload.
   */
  eachFile?: boolean;
}

export async function readMultipart(req: IncomingMessage, options: { uploadDir: string; maxFieldBytes: number; limits?: UploadLimits }): Promise<MultipartForm> {
  const limits: UploadLimits = options.limits ?? PHOTO_LIMITS;
  const fields = new URLSearchParams();
  const upload: Upload = { files: [] };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: "utf8",
      limits: {
        files: limits.files,
        fileSize: limits.fileBytes,
        fields: 30,
        fieldSize: options.maxFieldBytes,
        fieldNameSize: 100,
        parts: 40,
      },
    });
  } catch {
    // No boundary or an unreadable header: an empty form, answered with the fields' messages.
    req.resume();
    return { fields, upload };
  }
  await mkdir(options.uploadDir, { recursive: true });

  const writes: Promise<void>[] = [];
  const fileStreams: Readable[] = [];
  let fieldBytes = 0;
  let received = 0;

  return new Promise<MultipartForm>((resolve, reject) => {
    let settled = false;
    const fail = async (error: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // A photo cut off half way never ends by itself: end its write so its file can go.
      for (const stream of fileStreams) stream.destroy();
      await Promise.allSettled(writes);
      await discardUpload(upload);
      reject(error);
    };
    const finish = async (result: MultipartForm) => {
      if (settled) return;
      await Promise.allSettled(writes);
      if (settled) return;
      settled = true;
      if (result.upload.refusal) await discardUpload(result.upload);
      resolve(result);
    };

    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      // Past the cap the rest is no longer parsed: it is dropped once the 413 is answered (server/request-body.ts).
      if (received > limits.requestBytes) void fail(photosTooLarge());
    });
    // The connection dropped before the whole body came: nothing of it is kept.
    req.on("close", () => {
      if (!req.complete) void fail(new RequestRefused(400, "The upload was cut off"));
    });
    req.on("error", () => void fail(new RequestRefused(400, "The upload was cut off")));

    parser.on("field", (name, value, info) => {
      fieldBytes += name.length + value.length;
      if (info.valueTruncated || fieldBytes > options.maxFieldBytes) {
        void fail(new RequestRefused(413, "Request body too large"));
        return;
      }
      fields.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      // An empty file input still sends a part with no file name: nothing was chosen.
      if (name !== PHOTO_FIELD || !info.filename) {
        stream.resume();
        return;
      }
      const file: Upload["files"][number] = { path: path.join(options.uploadDir, randomUUID()), bytes: 0, name: info.filename };
      upload.files.push(file);
      fileStreams.push(stream);
      stream.on("data", (chunk: Buffer) => (file.bytes += chunk.length));
      stream.on("limit", () => {
        if (limits.eachFile) file.tooLarge = true;
        else upload.refusal ??= "tooLarge";
      });
      writes.push(pipeline(stream, createWriteStream(file.path)).catch((error: Error) => void fail(error)));
    });
    parser.on("filesLimit", () => {
      if (limits.eachFile) upload.tooMany = true;
      else upload.refusal = "tooMany";
    });
    parser.on("fieldsLimit", () => void fail(new RequestRefused(413, "Too many fields")));
    parser.on("partsLimit", () => void fail(new RequestRefused(413, "Too many fields")));
    parser.on("close", () => void finish({ fields, upload }));
    parser.on("error", () => {
      // A malformed body (no closing boundary, broken headers) is an empty form, as for a broken
      // urlencoded one: the visitor gets the fields' messages, never an error page.
      req.unpipe(parser);
      req.resume();
      void Promise.allSettled(writes)
        .then(() => discardUpload(upload))
        .then(() => finish({ fields: new URLSearchParams(), upload: { files: [] } }));
    });
    req.pipe(parser);
  });
}

/** Removes the files as sent; only re-encoded copies are ever kept. */
export async function discardUpload(upload: Upload) {
  const files = upload.files.splice(0);
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}
