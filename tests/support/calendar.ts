/**
 * A calendar file as a phone in another time zone reads it: node-ical parses it in a process of
 * its own whose TZ is `zone`, and says the hour and minute each event starts there.
 */
import { execFileSync } from "node:child_process";

/** The start of each event of `ics` as "4:00", read by node-ical in a process whose zone is `zone`. */
export function readInZone(ics: string, zone: string): string[] {
  const script = `import ical from "node-ical";
    let text = ""; process.stdin.setEncoding("utf8"); process.stdin.on("data", (c) => (text += c));
    process.stdin.on("end", () => {
      const events = Object.values(ical.sync.parseICS(text)).filter((e) => e.type === "VEVENT");
      console.log(JSON.stringify(events.map((e) => e.start.getHours() + ":" + String(e.start.getMinutes()).padStart(2, "0"))));
    });`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { input: ics, env: { ...process.env, TZ: zone }, encoding: "utf8" });
  return JSON.parse(out) as string[];
}
