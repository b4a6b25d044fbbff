import { noSignalWords } from "~/lib/offline/words.ts";

/**
 * Before Yes on what reaches a customer (a quote, an invoice, a visit's e-mail), shown only with
 * no signal (enhance/owner-offline.ts): "You have no signal. The quote will be sent to Margaret
 * when you have."
 */
export function NoSignalSend({ what, name }: { what: string; name: string }) {
  return (
    <p data-when-offline="" hidden className="font-semibold">
      {noSignalWords(what, name)}
    </p>
  );
}
