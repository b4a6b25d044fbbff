/**
 * A form post's body: read into memory up to a limit, whether or not its length was declared, and
 * what is left of it when the answer goes first (a refusal) dropped without losing that answer.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { RequestRefused } from "./multipart.ts";

const tooLarge = () => new RequestRefused(413, "Request body too large");

/**
 * The body, or 413 once it passes `limit`: at once when its Content-Length says so, else as soon
 * as the bytes read pass it (a chunked body says no length). The rest is left to `closeAfterAnswer`.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off("data", onData);
      req.off("end", onEnd);
      reject(tooLarge());
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}

/** How long what still comes after the answer is read and dropped before the connection is closed. */
const LINGER_MS = 5_000;

/**
 * A post of no declared length (chunked) answered before its body has all come (refused: too
 * large, from another site, not a form, an address that cannot be read): once the answer is sent, the server closes its side, reads and
 * drops what still comes, and closes the connection when the client does or LINGER_MS later.
 *
 * Closing at once, as it did, makes the server's system answer the bytes still arriving with a
 * reset, and a reset can throw away the answer before the client reads it (RFC 9112 §9.6). Nor is
 * a body that never ends read for ever.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse) {
  // A body of a declared length is bounded: Node reads and drops the rest itself and keeps the
  // connection, as a proxy in front (Caddy) expects; closing it there answers the proxy 502.
  if (!("transfer-encoding" in req.headers) || "content-length" in req.headers) return;
  res.once("finish", () => {
    if (req.complete) return;
    const socket = req.socket;
    req.resume();
    socket.end();
    const linger = setTimeout(() => socket.destroy(), LINGER_MS);
    linger.unref();
    socket.once("close", () => clearTimeout(linger));
  });
}
