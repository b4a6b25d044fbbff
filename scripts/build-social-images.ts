/** The build's step that draws every page's social picture (server/social-images.ts does the drawing). */
import path from "node:path";
import { fileContent } from "../app/content/index.ts";
import { buildSocialImages } from "../server/social-images.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const started = performance.now();
const { drawn, cached } = await buildSocialImages(path.join(ROOT, "build/client"), path.join(ROOT, "node_modules/.cache/social-images"), fileContent.business.name, fileContent.business.phone.display);
console.log(`social images: ${drawn} drawn, ${cached} from the cache, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
