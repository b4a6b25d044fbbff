import { STATUS_NAMES, type LeadStatus } from "~/lib/owner/status.ts";

// Colour is a second signal: every chip says its status in words.
const STATUS_STYLES: Record<LeadStatus, string> = {
  new: "bg-accent text-white",
  contacted: "bg-sky-100 text-sky-900 ring-1 ring-sky-300",
  quoted: "bg-violet-100 text-violet-900 ring-1 ring-violet-300",
  won: "bg-green-100 text-ok ring-1 ring-green-300",
  lost: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
  spam: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
};

export function StatusChip({ status }: { status: LeadStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-bold ${STATUS_STYLES[status]}`}>{STATUS_NAMES[status]}</span>;
}

/** Marks a request whose e-mail to the business has not gone out. */
export function UnsentChip() {
  return <span className="inline-block rounded-full bg-danger px-2.5 py-0.5 text-sm font-bold text-white">UNSENT</span>;
}
