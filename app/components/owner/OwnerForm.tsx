import type { ReactNode } from "react";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { outboxAttributes } from "~/lib/offline/words.ts";

type Hidden = Record<string, string | number>;

/**
 * A change to one thing on an owner page: a POST to the page itself, naming what it does.
 * `words` say what it does when it waits on the phone with no signal (lib/offline/words.ts).
 */
export function OwnerForm({ intent, hidden = {}, className, words, children }: { intent: string; hidden?: Hidden; className?: string; words?: string; children: ReactNode }) {
  return (
    <PostForm className={className} {...(words ? outboxAttributes(words) : {})}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </PostForm>
  );
}

/** A change made by one button, with what it needs in hidden fields. */
export function OwnerButton({ intent, hidden, className = "btn-secondary", label, children }: { intent: string; hidden?: Hidden; className?: string; label?: string; children: ReactNode }) {
  return (
    <OwnerForm intent={intent} hidden={hidden}>
      <button type="submit" className={className} aria-label={label}>
        {children}
      </button>
    </OwnerForm>
  );
}

/**
 * A setting of one thing turned on or off by one button (a quote's follow-ups, an invoice's
 * reminders): what it does while on, or that it is off, and the button that turns it the other way.
 * It posts `intent` with `on` as "1" or "0".
 */
export function OnOffForm({ intent, on, whileOn, whileOff, turnOff, turnOn }: { intent: string; on: boolean; whileOn: string; whileOff: string; turnOff: string; turnOn: string }) {
  return (
    <OwnerForm intent={intent} hidden={{ on: on ? "0" : "1" }} className="space-y-2">
      <p>{on ? whileOn : whileOff}</p>
      <button type="submit" className="btn-secondary">
        {on ? turnOff : turnOn}
      </button>
    </OwnerForm>
  );
}
