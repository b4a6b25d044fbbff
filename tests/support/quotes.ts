/** A quote as the store holds one once it is sent, for tests that make its letters and its PDF. */
import type { Quote } from "../../app/lib/quotes/quotes.server.ts";

/** Quote Q-2026-0007, revision 1, on request 42: one line of tiles with VAT, sent and not yet seen. */
export const SENT_QUOTE: Quote = {
  id: 7,
  leadId: 42,
  year: 2026,
  sequence: 7,
  revision: 1,
  status: "sent",
  createdAt: "2026-11-25T14:05:00Z",
  lines: [{ description: "Replace slipped tiles", quantity: 1200, unitPence: 1850 }],
  vat: true,
  vatNumber: "GB999999973",
  validUntil: "2026-12-25",
  notes: "",
  guarantees: [],
  netPence: 22200,
  vatPence: 4440,
  totalPence: 26640,
  followUps: true,
  expiresAt: "2026-12-26T00:00:00Z",
  sentAt: "2026-11-25T14:05:00Z",
  viewedAt: null,
  answeredAt: null,
  answerName: null,
  answerAddress: null,
  declineReason: null,
};
