/**
 * What the server talks to in bench:leads, in a process of its own: the SMTP server and the push
 * service that checks and decrypts every push. In production both are other machines; here they
 * share the cores, but not the benchmark's own event loop, where autocannon times each answer
 * (a push decrypted there would be counted as the server's latency).
 *
 * Run by bench/leads.ts with an IPC channel. It answers:
 *   { type: "ready", smtpPort, caFile, subscriptions }        once both are listening;
 *   { type: "delivered", count }                              to { type: "delivered" };
 *   { type: "report", delivered, perUrl, mails }              to { type: "report" }, then closes.
 */
import { startPushReceiver } from "../tests/support/push-receiver.ts";
import { startSmtp } from "../tests/support/smtp.ts";

export type ServicesMessage =
  | { type: "ready"; smtpPort: number; caFile: string; subscriptions: ReturnType<Awaited<ReturnType<typeof startPushReceiver>>["subscribe"]>[] }
  | { type: "delivered"; count: number }
  | { type: "report"; delivered: number; perUrl: Record<string, number>; mails: number };

const send = (message: ServicesMessage) => process.send?.(message);

const smtp = await startSmtp();
const receiver = await startPushReceiver({ maxBodyBytes: 8192 });
const accepted = () => receiver.received.filter((push) => push.status === 201);

process.on("message", (message: { type: string }) => {
  if (message.type === "delivered") send({ type: "delivered", count: accepted().length });
  if (message.type === "report") {
    const perUrl: Record<string, number> = {};
    for (const push of accepted()) {
      const url = String((JSON.parse(push.payload ?? "{}") as { url?: string }).url);
      perUrl[url] = (perUrl[url] ?? 0) + 1;
    }
    send({ type: "report", delivered: accepted().length, perUrl, mails: smtp.messages.length });
    void Promise.all([smtp.close(), receiver.close()]).then(() => process.disconnect());
  }
});
// The benchmark stopped without asking for the report: nothing to keep running for.
process.on("disconnect", () => process.exit(0));

send({ type: "ready", smtpPort: smtp.port, caFile: receiver.caFile, subscriptions: [receiver.subscribe("phone"), receiver.subscribe("laptop")] });
