/** Reads the systemd units in deploy/: what the deploy test checks and what bench:leads starts the server with. */
import { readFileSync } from "node:fs";
import path from "node:path";

export const DEPLOY_DIR = path.resolve(import.meta.dirname, "..", "..", "deploy");

/** A unit's settings: name → values, in order. */
export function unit(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of readFileSync(path.join(DEPLOY_DIR, file), "utf8").split("\n")) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

/** The environment a unit sets (its Environment= lines), as name → value. */
export function unitEnvironment(file: string): Record<string, string> {
  return Object.fromEntries(
    (unit(file).get("Environment") ?? []).flatMap((line) => line.split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as [string, string])),
  );
}
