/**
 * Questions and answers. The shared `name` makes the browser keep one item open at a time;
 * each item still closes on a second click. No script involved.
 */
import { ChevronDownIcon } from "../icons.tsx";

export function Faq({ items, group }: { items: { question: string; answer: string }[]; group: string }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
      {items.map((item, i) => (
        <details key={item.question} name={group} open={i === 0} className="group">
          <summary className="flex min-h-11 items-center justify-between gap-4 px-5 py-4 text-lg font-semibold">
            <h3 className="text-lg">{item.question}</h3>
            <ChevronDownIcon className="shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <p className="prose-measure px-5 pb-5">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
