/**
 * Book your free survey (issue 38 §3): the offer on the thank-you page and the customer's page, and
 * the radios See more times lists by day. Plain HTML: the radios and Book this time are a form
 * POST, See more times a link, so it all works without JavaScript. Only free times are shown,
 * never whose or where another visit is.
 */
import type { ReactNode } from "react";
import type { ShownDay, ShownTime } from "~/lib/visits/survey-booking.server.ts";
import { PostForm } from "../forms/PostForm.tsx";

/** What the offer needs: where it posts, where See more times is, and the best times. */
export interface SurveyOfferData {
  action: string;
  more: string;
  times: ShownTime[];
}

function TimeRadio({ time }: { time: ShownTime }) {
  return (
    <label className="flex min-h-11 items-center gap-3 rounded-lg border-2 border-slate-300 bg-white px-3 py-2">
      <input type="radio" name="start" value={time.value} required className="size-5 shrink-0" />
      {time.label}
    </label>
  );
}

/** The times as radios under their legend, with the message of a post that chose none. */
function TimesField({ legend, error, children }: { legend: ReactNode; error?: string; children: ReactNode }) {
  return (
    <fieldset aria-describedby={error ? "survey-start-error" : undefined} aria-invalid={error ? true : undefined} className="space-y-2">
      <legend className="field-label">{legend}</legend>
      {children}
      {error && (
        <p id="survey-start-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The offer: up to six of the best times, See more times, and Book this time. */
export function SurveyOffer({ offer, error, heading = "h2" }: { offer: SurveyOfferData; error?: string; heading?: "h2" | "h3" }) {
  const Heading = heading;
  return (
    <section aria-labelledby="survey-offer-heading" className="card space-y-4 bg-white">
      <Heading id="survey-offer-heading" className="text-2xl">
        Book your free survey
      </Heading>
      <p>Choose a time and we will come and look at your roof, free and with no obligation. You get an e-mail with the time to add to your calendar.</p>
      <PostForm action={offer.action} className="space-y-4">
        <TimesField legend="Times we are free, best first" error={error}>
          <div className="space-y-2">
            {offer.times.map((time) => (
              <TimeRadio key={time.value} time={time} />
            ))}
          </div>
        </TimesField>
        <p>
          <a href={offer.more} className="link">
            See more times
          </a>
        </p>
        <button type="submit" className="btn-primary">
          Book this time
        </button>
      </PostForm>
    </section>
  );
}

/** See more times: every free time, by day, in one form with Book this time. */
export function AllTimes({ action, days, error }: { action: string; days: ShownDay[]; error?: string }) {
  return (
    <PostForm action={action} className="space-y-6">
      <TimesField legend="Choose a time" error={error}>
        {days.map((day) => (
          <div key={day.day} role="group" aria-label={day.day} className="space-y-2">
            <h2 className="text-xl">{day.day}</h2>
            <div className="grid gap-2 sm:grid-cols-3">
              {day.times.map((time) => (
                <TimeRadio key={time.value} time={time} />
              ))}
            </div>
          </div>
        ))}
      </TimesField>
      <button type="submit" className="btn-primary">
        Book this time
      </button>
    </PostForm>
  );
}
