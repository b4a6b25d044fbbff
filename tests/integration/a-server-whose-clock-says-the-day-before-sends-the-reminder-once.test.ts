/**
 * Issue 27 §4 on the built server, its clock set by libfaketime (the Debian package faketime,
 * which `npm test` installs, scripts/check-system.ts): a survey is booked for Thursday 26 November
 * 2026 at 9:00. The server starts on Wednesday the 25th at 10:00 UK time, within opening hours, in
 * a process whose own zone is New York, and sends the day-before reminder once over real SMTP;
 * restarted, it sends nothing more. Without libfaketime this fails, never skips.
 */
import { existsSync, globSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { bookVisits } from "~/lib/visits/book.server.ts";
import { openStore, withStore } from "../support/owner.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtp, subjectOf, waitFor } from "../support/smtp.ts";

/** libfaketime's library for programs with threads, where Debian puts it. */
function fakeTimeLibrary(): string | undefined {
  return [...globSync("/usr/lib/*/faketime/libfaketimeMT.so.1"), "/usr/lib/faketime/libfaketimeMT.so.1"].find((file) => existsSync(file));
}

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

it("sends the day-before reminder once, and nothing more after a restart", async () => {
  const library = fakeTimeLibrary();
  expect(library, "libfaketime is installed (Debian package faketime)").toBeDefined();
  smtp = await startSmtp();
  const dataDir = mkdtempSync(path.join(tmpdir(), "kestrel-test-"));
  // Booked on Tuesday 24th, its invitation sent then.
  const store = openStore(dataDir);
  try {
    const lead = store.add({ form: "quote", page: "/", name: "Sarah Jones", email: "sarah@example.org", phone: "07700 900456", location: "12 Bancroft, Hitchin", message: "Slipped tiles." }).id;
    bookVisits(store, lead, { kind: "survey", days: [{ start: new Date("2026-11-26T09:00:00Z"), end: new Date("2026-11-26T11:00:00Z") }], notes: "" }, { actor: "Dave", hours: fileContent.business.openingHours, mail: true, now: new Date("2026-11-24T10:00:00Z") });
    store.db.prepare("UPDATE jobs SET done_at = '2026-11-24T10:00:05.000Z', outcome = 'sent' WHERE kind = 'visit-mail'").run();
  } finally {
    store.close();
  }
  // The server's own zone is New York: 05:00 there is 10:00 in the UK.
  const at = (time: string) => ({ LD_PRELOAD: library!, FAKETIME: `@2026-11-25 ${time}`, FAKETIME_DONT_FAKE_MONOTONIC: "1", TZ: "America/New_York", SMTP_URL: `smtp://127.0.0.1:${smtp!.port}`, LEADS_NOTIFY_TO: "office@example.com" });
  const reminders = () => smtp!.messages.filter((mail) => subjectOf(mail.raw) === "Your roof survey is tomorrow, Thursday 26 November, 9:00–11:00");
  const reminderJobs = () => withStore(dataDir, (db) => db.db.prepare("SELECT outcome FROM jobs WHERE kind = 'visit-reminder'").all() as { outcome: string | null }[]);

  server = await startServer(at("05:00:00"), dataDir);
  await waitFor(() => reminders().length === 1, 15_000);
  await waitFor(() => reminderJobs()[0]?.outcome === "sent");
  expect(reminders()[0]!.to).toEqual(["sarah@example.org"]);
  await server.stop();

  server = await startServer(at("05:30:00"), dataDir);
  // The queue runs what is due as it starts: give it a few passes.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(reminders(), "nothing more after the restart").toHaveLength(1);
  expect(reminderJobs()).toEqual([{ outcome: "sent" }]);
  expect(smtp.messages, "and nothing else either").toHaveLength(1);
});
