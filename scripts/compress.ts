/** The build's last step: Brotli and gzip copies of every text file (server/compress.ts). */
import path from "node:path";
import { compressDir } from "../server/compress.ts";

const dir = path.resolve(import.meta.dirname, "../build/client");
const { files, before, after } = await compressDir(dir);
console.log(`compress: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with Brotli`);
