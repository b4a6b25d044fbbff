/**
 * The customer's e-mails about a visit, on the one letter (app/lib/mail/letter.ts): the invitation,
 * a move (and why), a cancellation and the day-before reminder. Each says the kind, the day and
 * the time in words ("tomorrow, Thursday 26 November, 9:00–11:00"), the address, and one button:
 * to the customer's own page where there is one, else to call the business.
 * The owner's notes are never in them.
 */
import { displayName } from "../../content/rules/names.ts";
import { customerPageLink, writeLetter, type Block, type Letter, type LetterBusiness } from "../mail/letter.ts";
import { oneLine } from "../mail/mailer.server.ts";
import { CUSTOMER_KIND_NAMES, whenFromNow, whenWords, type VisitKind, upperFirst } from "./words.ts";

export interface VisitLetterInput {
  business: LetterBusiness;
  siteUrl: string;
  customer: { name: string; location: string };
  visit: { kind: VisitKind; start: Date; end: Date };
  /** When the e-mail is written: "tomorrow" is from this day. */
  now: Date;
  /** The customer's own page, when the request has one. */
  pageLink?: string;
}

const dear = (name: string) => `Dear ${displayName(oneLine(name))},`;

/** The kind as the customer reads it, after "your": "roof survey". */
const kindOf = (input: VisitLetterInput) => CUSTOMER_KIND_NAMES[input.visit.kind];

/** The facts under the news: when and where. */
function facts(input: VisitLetterInput): Block {
  const { customer, visit, now } = input;
  return { facts: [{ label: "When", value: whenWords(visit.start, visit.end, now) }, ...(customer.location.trim() ? [{ label: "Where", value: oneLine(customer.location) }] : [])] };
}

/** The one button, the phone; and the customer's own page, in the words every e-mail links it with. */
function actions({ business, pageLink }: VisitLetterInput): Block[] {
  return [{ button: { words: `Call ${business.phone.display}`, href: `tel:${business.phone.e164}` } }, ...(pageLink ? [customerPageLink(pageLink)] : [])];
}

const change = (input: VisitLetterInput) => `If that time does not suit you, call ${input.business.phone.display} or reply to this e-mail.`;

function letter(input: VisitLetterInput, subject: string, body: Block[]): Letter {
  return writeLetter({ business: input.business, siteUrl: input.siteUrl, subject, greeting: dear(input.customer.name), body });
}


/** The invitation of a visit just booked, with its calendar file. */
export function invitationLetter(input: VisitLetterInput): Letter {
  const when = whenFromNow(input.visit.start, input.visit.end, input.now);
  return letter(input, `Your ${kindOf(input)} is booked: ${when}`, [
    `Your ${kindOf(input)} with ${input.business.name} is booked for ${when}.`,
    facts(input),
    "The invitation is attached: open it to put the visit in your calendar.",
    ...actions(input),
    change(input),
  ]);
}

/** Schedule job's days, booked together: one invitation holding each day, the days listed. */
export function jobDaysLetter(input: VisitLetterInput, days: readonly { start: Date; end: Date }[]): Letter {
  const first = whenFromNow(days[0]!.start, days[0]!.end, input.now);
  const facts: Block = {
    facts: [
      ...days.map((day, i) => ({ label: `Day ${i + 1}`, value: whenWords(day.start, day.end, input.now) })),
      ...(input.customer.location.trim() ? [{ label: "Where", value: oneLine(input.customer.location) }] : []),
    ],
  };
  return letter(input, `Your ${kindOf(input)} is booked: ${days.length} days from ${first}`, [
    `Your ${kindOf(input)} with ${input.business.name} is booked for ${days.length} days, starting ${first}.`,
    facts,
    "The invitation is attached: open it to put every day in your calendar.",
    ...actions(input),
    change(input),
  ]);
}

/** A visit moved to another day or time: the new one, the old one and why. */
export function movedLetter(input: VisitLetterInput, before: { start: Date; end: Date }, because?: string): Letter {
  const when = whenFromNow(input.visit.start, input.visit.end, input.now);
  return letter(input, `Your ${kindOf(input)} has moved to ${when}`, [
    `We have moved your ${kindOf(input)} to ${when}${because ? `, ${because}` : ""}. Sorry for the change.`,
    `It was ${whenWords(before.start, before.end, input.now)}.`,
    facts(input),
    "The attached invitation moves it in your calendar.",
    ...actions(input),
    change(input),
  ]);
}

/** A visit cancelled. */
export function cancelledLetter(input: VisitLetterInput): Letter {
  const when = whenFromNow(input.visit.start, input.visit.end, input.now);
  return letter(input, `Your ${kindOf(input)} on ${when} is cancelled`, [
    `We have cancelled your ${kindOf(input)} on ${when}.`,
    "The attached file takes it out of your calendar.",
    ...actions(input),
    `To arrange another time, call ${input.business.phone.display} or reply to this e-mail.`,
  ]);
}

/** The reminder, the open day before: "Your roof survey is tomorrow, Saturday 28 November, 13:00–15:00". */
export function reminderLetter(input: VisitLetterInput): Letter {
  const when = whenFromNow(input.visit.start, input.visit.end, input.now);
  const is = when.startsWith("tomorrow") ? when : `on ${when}`;
  return letter(input, `${upperFirst(`your ${kindOf(input)}`)} is ${is}`, [`A reminder: your ${kindOf(input)} with ${input.business.name} is ${is}.`, facts(input), ...actions(input), change(input)]);
}
