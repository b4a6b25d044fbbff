/**
 * The facts form's "Chat number (WhatsApp)" group: the chat follows the phone number unless the
 * owner chooses a different one. The different number's field shows only once that is chosen
 * (by CSS alone, so without JavaScript too), and stays empty until then.
 */
import { Field } from "~/components/forms/Field.tsx";

export function ChatNumberChoice({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  const different = values["chat-choice"] === "different";
  return (
    <fieldset className="space-y-1" aria-describedby="site-chat-choice-hint">
      <legend className="field-label">Chat number (WhatsApp)</legend>
      <p id="site-chat-choice-hint" className="text-sm text-muted">
        The number the contact page&apos;s Send Message opens a chat with.
      </p>
      <label className="flex min-h-11 items-center gap-2">
        <input type="radio" name="chat-choice" value="same" defaultChecked={!different} className="size-5" />
        Same as the phone number
      </label>
      <div className="flex flex-wrap items-center gap-x-2">
        <input id="site-chat-choice-different" type="radio" name="chat-choice" value="different" defaultChecked={different} className="peer size-5" />
        <label htmlFor="site-chat-choice-different" className="flex min-h-11 items-center">
          A different number
        </label>
        <div className="mt-1 hidden w-full border-l-4 border-slate-300 pl-4 peer-checked:block">
          <Field
            form="site"
            name="chat"
            label="Different chat number"
            type="tel"
            hint="With the country code, or starting 07."
            defaultValue={values.chat}
            error={errors.chat}
          />
        </div>
      </div>
    </fieldset>
  );
}
