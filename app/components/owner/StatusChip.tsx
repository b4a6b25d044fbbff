import { ASKED_WORDS, STAGE_NAMES, type Asked, type Stage } from "~/lib/requests/job.ts";

// Colour is a second signal: every chip says its status in words.
const STATUS_STYLES: Record<Stage, string> = {
  new: "bg-accent text-white",
  contacted: "bg-sky-100 text-sky-900 ring-1 ring-sky-300",
  quoted: "bg-violet-100 text-violet-900 ring-1 ring-violet-300",
  won: "bg-green-100 text-ok ring-1 ring-green-300",
  paid: "bg-green-100 text-ok ring-1 ring-green-300",
  lost: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
  spam: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
};

/** The inbox reads at 16 px or more, for a phone held on a roof; elsewhere chips are smaller. */
const SIZES = { sm: "text-sm", base: "text-base" } as const;
type ChipSize = keyof typeof SIZES;
const CHIP = "inline-block rounded-full px-2.5 py-0.5 font-bold";

export function StatusChip({ status, size = "sm" }: { status: Stage; size?: ChipSize }) {
  return <span className={`${CHIP} ${SIZES[size]} ${STATUS_STYLES[status]}`}>{STAGE_NAMES[status]}</span>;
}

/** What the customer did that the owner has not seen yet ("Asked to rearrange"), until he opens the job. */
export function AskedChip({ asked, size = "base" }: { asked: Asked; size?: ChipSize }) {
  return <span className={`${CHIP} ${SIZES[size]} bg-amber-100 text-amber-900 ring-2 ring-amber-500`}>{ASKED_WORDS[asked]}</span>;
}

/** Marks a request whose e-mail to the business has not gone out. */
export function UnsentChip({ size = "sm" }: { size?: ChipSize }) {
  return <span className={`${CHIP} ${SIZES[size]} bg-danger text-white`}>UNSENT</span>;
}

/** Marks a request unanswered for a day or more, in words as well as colour. */
export function OverdueChip({ size = "sm" }: { size?: ChipSize }) {
  return <span className={`${CHIP} ${SIZES[size]} bg-white text-danger ring-2 ring-danger`}>Overdue</span>;
}

/** Where a job's money stands, in words ("Deposit paid", "Balance overdue", "Paid", "Invoice void"); an overdue sum stands out. */
export function MoneyChip({ words }: { words: string }) {
  const style = words.endsWith("overdue")
    ? "bg-white text-danger ring-2 ring-danger"
    : words === "Paid"
      ? "bg-green-100 text-ok ring-1 ring-green-300"
      : words === "Invoice void"
        ? STATUS_STYLES.lost
        : "bg-amber-100 text-amber-900 ring-1 ring-amber-300";
  return <span className={`${CHIP} ${SIZES.base} ${style}`}>{words}</span>;
}
