/**
 * Help's topics, in the owner's words: how to do each thing in his area, in the order he meets
 * them in a week of work. The page (routes/admin/help.tsx) lists them and shows each as a card.
 */
import type { ReactNode } from "react";
import { PHONE_TOPICS } from "./HelpPhoneTopics.tsx";
import { PHOTO_TOPICS } from "./HelpPhotoTopics.tsx";

export interface HelpTopic {
  id: string;
  title: string;
  body: ReactNode;
}

const STATUSES: [string, string][] = [
  ["New", "Nobody has answered yet. The request shows how long it has waited, and says Overdue after a day."],
  ["Contacted", "You have spoken to the customer or written to them, and no price is given yet. Your first tap on Call, E-mail or WhatsApp sets this by itself."],
  ["Quoted", "You have given a price, in a written quote or on the doorstep. Sending a written quote sets this by itself."],
  ["Won", "The customer said yes. Accepting a written quote sets this by itself, and the job moves to Jobs at once. When the work is finished, press Job done."],
  ["Paid", "A won job paid in full. It leaves Jobs by itself for Show closed; nothing to set."],
  ["Lost", "The customer said no, or went elsewhere. A declined quote sets this by itself."],
  ["Spam", "Not a real customer. It is kept out of your figures."],
];

export const HELP_TOPICS: HelpTopic[] = [
  {
    id: "requests",
    title: "Answering a request",
    body: (
      <>
        <p>
          <a href="/admin" className="link">
            Requests
          </a>{" "}
          lists everyone who asked for a quote or sent a message, the ones waiting for an answer first. Tap a request to open it. Call, E-mail
          and WhatsApp open your phone with the customer's number or address, and the request remembers when you first answered.
        </p>
        <p>Every request shows its reference, such as K-1042. A customer who rings may read it to you: type it in the search to find them.</p>
      </>
    ),
  },
  {
    id: "jobs",
    title: "Your jobs",
    body: (
      <>
        <p>
          Below the requests, Jobs lists the won ones not yet paid in full, so a job never hides behind Show closed while money is owed: money
          overdue first, then a customer who asked something, then the next visit, soonest first.
        </p>
        <p>
          Each card says the next visit and what is owed, and a chip such as Asked to rearrange, New review or Quote accepted until you open the
          job (you are told by push and e-mail too). Paid in full, the job moves to Show closed by itself.
        </p>
      </>
    ),
  },
  {
    id: "next-step",
    title: "Next step on a request",
    body: (
      <>
        <p>
          A request opens on what to do now: its status, Next step, the next visit, what is owed and anything the customer asked. Next step is
          always the next thing: answer, book a survey, quote, schedule the job's days, invoice the deposit, wait for the job days, invoice the
          balance, then ask for the review. Its button does it.
        </p>
        <p>
          The status follows what happens: your first call, e-mail or WhatsApp makes it Contacted, a quote sent Quoted, a quote accepted Won.
          Notes, visits, quotes, invoices, photos, details and history follow, the long ones folded: tap anywhere on a folded section's row to
          open it.
        </p>
      </>
    ),
  },
  {
    id: "statuses",
    title: "What each status means",
    body: (
      <>
        <dl className="space-y-2">
          {STATUSES.map(([name, meaning]) => (
            <div key={name}>
              <dt className="font-semibold">{name}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
        <p>You can always set a status yourself, lower down on the request.</p>
      </>
    ),
  },
  {
    id: "quotes",
    title: "Sending a written quote",
    body: (
      <ol className="list-decimal space-y-2 pl-6">
        <li>Open the request and press Create quote.</li>
        <li>
          Write a line for each part of the work: what it is, how many, and the price of one in pounds. Add a line for each extra part. Or open Add
          from price list and tap a line you saved: its description, unit and price are filled in, and you type only the quantity.
        </li>
        <li>Save the draft to see the totals, with VAT if you charge it. Check the date it is valid until (30 days unless you change it).</li>
        <li>Press Send quote. The customer is e-mailed the quote as a PDF and a private link where they can read it and accept it.</li>
      </ol>
    ),
  },
  {
    id: "price-list",
    title: "Your price list",
    body: (
      <p>
        More → Price list keeps the lines you quote often, each with its unit (per m², each, per metre) and its price. Add them there, or press
        Save line N to your price list on a quote’s line. On a quote the unit is written after the description, in brackets, so the customer
        sees it too. Changing a price here changes only the quotes you write from then on.
      </p>
    ),
  },
  {
    id: "invoices",
    title: "Invoicing a job, and recording what is paid",
    body: (
      <>
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            Open a Won request. Under Invoices, choose what the invoice is for: the whole quote, a deposit (25% unless you change it), the balance
            left after earlier invoices, or a blank invoice for extras you type. Press Create invoice. If a draft of that kind is already waiting,
            the page says so and Open the draft takes you to it instead.
          </li>
          <li>Check the draft: change its lines, due date or note and save as often as you like. A draft has no number yet, and can be deleted.</li>
          <li>
            Press Send invoice, check who it goes to and the amount, then Yes, send the invoice. It takes the next number, such as INV-2026-0001,
            and the customer is e-mailed the PDF with your bank details and the invoice number as the reference to pay with. If your bank details
            are not set yet, the page asks for them there and then: Save bank details puts them on every invoice at once, and the same question
            comes back.
          </li>
          <li>
            When money arrives, open the invoice and press Paid in full: the whole amount still due, received today, paid the way your last payment
            was. For a part or another day, use Record payment: it starts with what is still due and the way you were last paid, ready to change.
            The customer is e-mailed a receipt. More than is still due is refused. A payment recorded by mistake can be removed.
          </li>
        </ol>
        <p>
          A sent invoice is never changed. To correct one, issue a Credit note for the whole of it or an amount, with the reason: the whole of
          an unpaid invoice makes it Void. Unpaid invoices are reminded by e-mail on the due date, a week after and two weeks after, within your
          opening hours, unless you turn reminders off on the invoice.
        </p>
      </>
    ),
  },
  {
    id: "visits",
    title: "Booking a survey or the job's days",
    body: (
      <>
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            Open the request and press Book a visit. It starts filled in: a survey before you quote, a job day once the job is won, on your next
            working day with nothing booked, from your opening time (2 hours for a survey). Change anything. Add another day books more, each its
            own visit.
          </li>
          <li>
            On a won job, Schedule job takes the first day, its times and How many days (up to 10): one job day each working day, your closed days
            and any closure skipped. The customer gets one e-mail whose invitation puts every day in their calendar. Each day is still its own
            visit, so one can move for rain alone.
          </li>
          <li>
            Press Book visit. The customer is e-mailed the day and time at once, with an invitation that puts it in their phone's calendar, and a
            reminder the day before, during your opening hours. Your notes stay yours: they are never sent.
          </li>
          <li>
            Rain forecast? Press Move on the visit, choose the new day and why. Their calendar moves the visit instead of adding another. Cancel visit
            asks first, then takes it out of their calendar.
          </li>
        </ol>
        <p>
          If two visits overlap, the form says so as you pick the times, and you can book it all the same. A customer with no e-mail address is not
          told: the request says so, and you ring them. With notifications on, your phone lists the day's visits at 7:00 each morning that has any.
        </p>
        <p>
          A customer can ask to rearrange a visit from their own page. Nothing in your diary changes: you get a notification and an e-mail with their
          words, and the visit shows "Asked to rearrange" until you move it.
        </p>
      </>
    ),
  },
  {
    id: "filled-in",
    title: "Forms filled in for you",
    body: (
      <ul className="list-disc space-y-2 pl-6">
        <li>
          Book a visit: a survey before you quote, a job day once the job is won, on your next working day with nothing booked, from your
          opening time for 2 hours (a survey) or the whole day (a job day).
        </li>
        <li>Schedule job: the first day and How many days, one e-mail to the customer for them all.</li>
        <li>Record payment: what is still due, paid the way your last payment was (Bank transfer the first time); Paid in full is one tap.</li>
        <li>A quote's line from your price list: its description, unit and price, leaving only the quantity.</li>
      </ul>
    ),
  },
  {
    id: "diary",
    title: "Your diary, and the visits in your phone's calendar",
    body: (
      <>
        <p>
          <a href="/admin/diary" className="link">
            Diary
          </a>{" "}
          is your agenda: the days of the next fortnight that have visits, each visit with its times, the customer, the town, Map and Call,
          then the day the fortnight ends, such as "Nothing else booked until Tue 15 Dec". Visits that overlap are marked. Earlier and Later
          show the fortnight before or after, and Today brings you back.
        </p>
        <p>
          To see your visits in your phone's own calendar, open the diary on the phone and press Subscribe on this phone, then say yes. On a computer,
          copy the address under it into your calendar as a calendar to subscribe to. It keeps up as you book, move and cancel, though some
          calendars take a few hours to look again.
        </p>
        <p>If the address may have reached someone else, press Reset calendar link: the old one stops working at once. Then subscribe again.</p>
      </>
    ),
  },
  {
    id: "expired-link",
    title: "When a customer's link has expired",
    body: (
      <>
        <p>
          A quote's link works until the date the quote is valid until. If the customer still wants the work, open the quote, press Change
          quote (new revision), set a new date and send it: they get a new link, and the old one says the quote was replaced.
        </p>
        <p>A review link works for 60 days. After that, ask the customer for their words by phone, and add them yourself under Your site, Testimonials.</p>
      </>
    ),
  },
  {
    id: "phone-hours",
    title: "Changing your phone number or opening hours",
    body: (
      <ol className="list-decimal space-y-2 pl-6">
        <li>
          Open{" "}
          <a href="/admin/site/contact" className="link">
            Phone, WhatsApp and e-mail
          </a>{" "}
          or{" "}
          <a href="/admin/site/hours" className="link">
            Opening hours and closures
          </a>
          , change the number or the hours, and press Save draft at the foot of the screen. A mistake is shown beside its box, and nothing is saved.
        </li>
        <li>Your site then says what your draft will change. Preview shows your pages with the change; only you see them.</li>
        <li>Press Publish. Every page changes at once, in a few seconds, and Your site says Live with the time.</li>
        <li>Changed your mind? Under Published versions and Undo, go back to an earlier version and publish it.</li>
      </ol>
    ),
  },
  {
    id: "closed",
    title: "Closing for a holiday",
    body: (
      <p>
        On Your site, open Opening hours and closures, write a closure notice and its last day, then publish. It shows at the top of every page, with your emergency number, and
        goes by itself once that day is over.
      </p>
    ),
  },
  {
    id: "bank-details",
    title: "Setting your bank details for invoices",
    body: (
      <p>
        Open Your site, then{" "}
        <a href="/admin/site/invoicing" className="link">
          Invoices and bank details
        </a>
        . Enter your VAT number (or leave it empty if you are not registered), the account name, sort code and account number your customers pay into, how many
        days they have to pay, and the postal address your invoices show. Save the draft, then publish: invoices use what is published. None of it is ever shown on
        your site. Sending your first invoice without them, the send page asks for the bank details itself and puts them live at once.
      </p>
    ),
  },
  {
    id: "gallery",
    title: "Adding photos of a finished job",
    body: (
      <p>
        Open Your site, then Gallery. Take the photos with your phone or choose them (up to six), say in a few words what each one shows, give
        the job a title, the kind of work and the town, then save and publish. Photos from iPhones must be JPEG: in the iPhone's Settings,
        Camera, Formats, choose Most Compatible. The photo's location is taken off before anyone sees it.
      </p>
    ),
  },
  ...PHOTO_TOPICS,
  {
    id: "reviews",
    title: "Asking for a review",
    body: (
      <p>
        When the work is finished, open the request (it must be Won), press Job done, then Yes on the page that asks. The customer is e-mailed a link to leave a review.
        Every review comes to{" "}
        <a href="/admin/reviews" className="link">
          Reviews
        </a>
        , good or bad. If the customer said you may show it, Publish puts it on your site at once with their town; anything waiting in your draft stays a draft.
      </p>
    ),
  },
  {
    id: "customer-page",
    title: "Your customer's own page, and What to do now",
    body: (
      <>
        <p>
          Every request has a private page for the customer, and every e-mail to them links to it: their request, your quotes (which they can
          accept or decline there) and a review request. Until you answer, it shows only the reference and your phone number. Its link is on the
          request, under Customer's page: you can text it to them.
        </p>
        <p>
          It opens on What to do now: what they owe and by when, with your sort code, account number and the reference each to copy with one
          tap; then a quote waiting for their answer, with its total and Accept quote; then their next visit, with Add to calendar for Google
          Calendar or any other. Everything else follows.
        </p>
        <p>
          If the link may have reached someone else, press Reset customer link and then Yes, reset. The old link stops working at once, and the
          next e-mail carries the new one.
        </p>
      </>
    ),
  },
  {
    id: "accountant",
    title: "Money, and the files for your accountant",
    body: (
      <>
        <p>
          <a href="/admin/money" className="link">
            Money
          </a>{" "}
          shows what you invoiced and were paid this month, what you are owed and what is overdue, and every invoice still owed. The links at the
          top go back a month at a time. On a phone each invoice is a card of its own, with every figure under its name; Insights' tables
          read the same way.
        </p>
        <p>
          Under For your accountant, Invoices for Xero (CSV) and Payments (CSV) download the month shown. For a VAT quarter, enter its first and
          last day under Other dates, press Show these dates, then download.
        </p>
        <p>
          To bring the invoices into Xero: Business, Invoices, Import, choose the invoices file, and pick <strong>Tax exclusive</strong> when Xero
          asks how amounts are entered. Each invoice then has the same total as the one your customer got. Credit notes come in with it, as
          negative amounts against the invoice they correct.
        </p>
      </>
    ),
  },
  ...PHONE_TOPICS,
];
