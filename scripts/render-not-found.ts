/**
 * Renders the not-found page once, at build, to build/client/404.html: the file a CDN serves
 * for an unknown address, and the one our server answers 404 with.
 */
process.env.NODE_ENV ??= "production";
const { writeFile } = await import("node:fs/promises");
const path = await import("node:path");
const { pathToFileURL } = await import("node:url");
const { createRequestHandler } = await import("react-router");

const root = path.resolve(import.meta.dirname, "..");
const build = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);
const response = await createRequestHandler(build, "production")(new Request("http://localhost/__not-found__"));
if (response.status !== 404) throw new Error(`The not-found page answered ${response.status}, not 404`);
await writeFile(path.join(root, "build/client/404.html"), await response.text());
console.log("not-found: build/client/404.html written");
