/**
 * Help's topics on the phone itself and the app around the work: notifications, no signal,
 * signing in, and the surveys customers book, move and cancel themselves. Listed after the week's work (HelpTopics.tsx).
 */
import type { ReactNode } from "react";

export const PHONE_TOPICS: { id: string; title: string; body: ReactNode }[] = [
  {
    id: "survey-bookings",
    title: "Survey bookings",
    body: (
      <>
        <p>
          Open{" "}
          <a href="/admin/survey-bookings" className="link">
            Survey bookings
          </a>{" "}
          under More to let customers book their own free survey, and to set when: the days and hours a survey may start, how long it lasts,
          the time you keep between visits, how soon and how far ahead, and how many a day. The times leave room for the drive from the visit
          before and to the one after, and put first a day you are already near the customer; days under a closure notice offer none.
        </p>
        <p>
          With bookings on, a customer is offered the best free times on the thank-you page straight after sending a request, and on their
          own page while no survey is booked. Each booking is a survey on your diary like one you booked, with its invitation and reminder,
          and you are told at once by a notification and an e-mail.
        </p>
        <p>
          A customer who booked online can move or cancel that survey from their own page up to 24 hours before it starts: Move offers the
          times still free, Cancel asks first. Their calendar follows, and you are told each time (Survey moved by the customer, Survey
          cancelled by the customer). After that, and for a visit you booked yourself, their page offers Ask to rearrange instead, and the
          change is yours to make.
        </p>
      </>
    ),
  },
  {
    id: "notifications",
    title: "Being told of a new request on your phone",
    body: (
      <p>
        Open{" "}
        <a href="/admin/notifications" className="link">
          Notifications
        </a>{" "}
        on your phone and turn them on. On an iPhone, first add this site to your Home Screen (Share, then Add to Home Screen) and open it
        from there. A request nobody has answered after an hour is sent to you again, during your opening hours.
      </p>
    ),
  },
  {
    id: "no-signal",
    title: "When you have no signal",
    body: (
      <p>
        Your phone keeps your requests, the open ones' pages, the diary, draft quotes, Money and Help, from the last time it had signal. With
        no signal they still open, with a bar saying from when. What you do then is kept on the phone, marked Waiting to send, and sent in
        order when the signal is back, each once. More, then{" "}
        <a href="/admin/waiting" className="link">
          Waiting to send
        </a>
        , lists it, and says in words anything that could not be done. Photos and a draft's Send quote wait for signal: the photos you
        chose stay in the form, and Save draft keeps the quote's changes. Signing out empties it all.
      </p>
    ),
  },
  {
    id: "passkeys",
    title: "Signing in on a new phone, or after losing one",
    body: (
      <p>
        Sign in on a device you still have, open{" "}
        <a href="/admin/passkeys" className="link">
          Passkeys
        </a>
        , and add one for the new device, or remove the lost one. Lost every device? Ask whoever looks after your server for a new invite link.
      </p>
    ),
  },
];
