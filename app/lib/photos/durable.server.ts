/**
 * Writing a photo's file so that a power cut cannot lose it once its row is committed: the file is
 * new (never one already there), flushed to disk before it is closed, and its folder flushed after.
 */
import { open } from "node:fs/promises";

/** Writes `bytes` to a file that must not exist yet, and flushes it to disk. */
export async function writeNewFile(file: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(file, "wx");
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a folder, so the names of the files just written in it are on disk too. */
export async function syncFolder(dir: string): Promise<void> {
  const folder = await open(dir, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
