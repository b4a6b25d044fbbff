import { expect, it } from "vitest";
import { answerLength, excerpt, isOverdue, mailHeadline, nobodyIsTold, waitingHeadline, waitingText } from "./clock.ts";

const now = new Date("2026-07-10T12:00:00Z");
const arrived = (ms: number) => ({ createdAt: new Date(now.getTime() - ms).toISOString(), status: "new", firstAnswerAt: null });
const MIN = 60_000;
const HOUR = 60 * MIN;

it("says how long a request has waited: minutes under an hour, hours up to two days, then days", () => {
  expect(waitingText(arrived(30_000), now)).toBe("waiting under 1 min");
  expect(waitingText(arrived(25 * MIN), now)).toBe("waiting 25 min");
  expect(waitingText(arrived(59 * MIN + 59_000), now)).toBe("waiting 59 min");
  expect(waitingText(arrived(HOUR), now)).toBe("waiting 1 h");
  expect(waitingText(arrived(3 * HOUR + 40 * MIN), now)).toBe("waiting 3 h");
  expect(waitingText(arrived(47 * HOUR + 59 * MIN), now)).toBe("waiting 47 h");
  expect(waitingText(arrived(48 * HOUR), now)).toBe("waiting 2 days");
  expect(waitingText(arrived(3 * 24 * HOUR + 5 * HOUR), now)).toBe("waiting 3 days");
});

it("marks a request unanswered for 24 hours Overdue, not a minute before, and never once answered", () => {
  expect(isOverdue(arrived(23 * HOUR + 59 * MIN), now)).toBe(false);
  expect(isOverdue(arrived(24 * HOUR), now)).toBe(true);
  expect(isOverdue({ ...arrived(30 * HOUR), firstAnswerAt: now.toISOString() }, now), "tapped Call, still New").toBe(false);
  expect(isOverdue({ ...arrived(30 * HOUR), status: "contacted" }, now)).toBe(false);
});

it("a time to answer reads to the minute", () => {
  expect(answerLength(42 * MIN)).toBe("42 min");
  expect(answerLength(72 * MIN)).toBe("1 h 12 min");
  expect(answerLength(3 * HOUR)).toBe("3 h");
  expect(answerLength(52 * HOUR)).toBe("2 days 4 h");
});

it("the headline leads with what waits, and says plainly when nobody is told", () => {
  expect(waitingHeadline({ waiting: 0, oldestWaitingAt: null }, now)).toBe("Nothing waiting");
  expect(waitingHeadline({ waiting: 2, oldestWaitingAt: arrived(5 * HOUR + 10 * MIN).createdAt }, now)).toBe("2 waiting, oldest 5 h");
  expect(waitingHeadline({ waiting: 1, oldestWaitingAt: arrived(25 * MIN).createdAt }, now)).toBe("1 waiting, oldest 25 min");
  expect(nobodyIsTold({ mail: false, devices: 0, unsent: 0 })).toBe(true);
  expect(nobodyIsTold({ mail: true, devices: 0, unsent: 0 })).toBe(false);
  expect(nobodyIsTold({ mail: false, devices: 1, unsent: 0 })).toBe(false);
  expect(mailHeadline({ mail: true, devices: 0, unsent: 0 })).toBe("Every e-mail sent");
  expect(mailHeadline({ mail: true, devices: 0, unsent: 2 })).toBe("2 e-mails not sent");
  expect(mailHeadline({ mail: false, devices: 0, unsent: 0 }), "never 'every e-mail sent' with no e-mail at all").toBe("E-mail is not set up");
  expect(mailHeadline({ mail: false, devices: 0, unsent: 3 })).toBe("E-mail is not set up");
});

it("a message's first words are cut between words", () => {
  expect(excerpt("Two slipped tiles.")).toBe("Two slipped tiles.");
  const long = "The ridge tiles along the back of the house have come loose after the storm, and water is dripping into the loft.";
  const cut = excerpt(long);
  expect(cut).toBe("The ridge tiles along the back of the house have come loose after the storm, and water is…");
  expect(cut.length).toBeLessThanOrEqual(91);
  expect(excerpt("a\n\nb   c")).toBe("a b c");
});
