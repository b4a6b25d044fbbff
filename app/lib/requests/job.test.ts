import { describe, expect, it } from "vitest";
import { jobsInOrder, nextStep, stageOf, statusAfter, type JobRank, type StepFacts } from "./job.ts";

describe("the status follows what happened", () => {
  it("a first answer by phone, e-mail or WhatsApp moves New to Contacted, and nothing else", () => {
    expect(statusAfter("new", "answered")).toBe("contacted");
    expect(statusAfter("quoted", "answered")).toBe("quoted");
    expect(statusAfter("won", "answered")).toBe("won");
  });
  it("a quote sent moves it to Quoted, an accepted one to Won and a declined one to Lost", () => {
    expect(statusAfter("new", "quote-sent")).toBe("quoted");
    expect(statusAfter("contacted", "quote-sent")).toBe("quoted");
    expect(statusAfter("won", "quote-sent"), "a second quote for extra work leaves the job Won").toBe("won");
    expect(statusAfter("quoted", "quote-accepted")).toBe("won");
    expect(statusAfter("quoted", "quote-declined")).toBe("lost");
  });
  it("paid in full makes a Won job Paid, and only a Won job", () => {
    expect(stageOf("won", true)).toBe("paid");
    expect(stageOf("won", false)).toBe("won");
    expect(stageOf("lost", true)).toBe("lost");
  });
});

describe("Jobs are ordered by what needs doing", () => {
  const job = (id: number, fields: Partial<JobRank> = {}): JobRank => ({ id, overdue: false, asked: [], nextVisitAt: null, ...fields });
  it("overdue money, then a customer's question, then the next visit soonest first, then the rest", () => {
    const jobs = [
      job(1),
      job(2, { nextVisitAt: "2026-12-10T08:00:00.000Z" }),
      job(3, { asked: ["rearrange"], nextVisitAt: "2026-12-09T08:00:00.000Z" }),
      job(4, { nextVisitAt: "2026-12-08T08:00:00.000Z" }),
      job(5, { overdue: true }),
      job(6, { asked: ["review"] }),
      job(7, { overdue: true, nextVisitAt: "2026-12-01T08:00:00.000Z" }),
    ];
    expect(jobsInOrder(jobs).map((j) => j.id)).toEqual([7, 5, 3, 6, 4, 2, 1]);
  });
  it("leaves the list it was given as it was", () => {
    const jobs = [job(2), job(1, { overdue: true })];
    jobsInOrder(jobs);
    expect(jobs.map((j) => j.id)).toEqual([2, 1]);
  });
});

describe("Next step is always the next thing", () => {
  const now = new Date("2026-12-01T10:00:00.000Z");
  const base: StepFacts = { status: "new", answered: false, surveyBooked: false, quote: null, jobDays: [], invoiceSent: false, invoicedInFull: false, reviewAsked: false };
  const step = (fields: Partial<StepFacts>) => nextStep({ ...base, ...fields }, now);
  const won: Partial<StepFacts> = { status: "won", answered: true, surveyBooked: true, quote: "accepted" };

  it("1. answer a New request", () => expect(step({})).toEqual({ kind: "answer" }));
  it("2. book a survey once answered", () => {
    expect(step({ status: "contacted", answered: true })).toEqual({ kind: "book-survey" });
    expect(step({ status: "new", answered: true }), "answered before the status moved").toEqual({ kind: "book-survey" });
  });
  it("3. quote once the survey is booked; finish a draft; wait for the answer to one sent", () => {
    expect(step({ status: "contacted", answered: true, surveyBooked: true })).toEqual({ kind: "quote" });
    expect(step({ status: "contacted", answered: true, quote: "draft" })).toEqual({ kind: "finish-quote" });
    expect(step({ status: "quoted", answered: true, surveyBooked: true, quote: "viewed" })).toEqual({ kind: "wait-for-answer" });
    expect(step({ status: "quoted", answered: true, surveyBooked: true, quote: "expired" }), "a new quote").toEqual({ kind: "quote" });
  });
  it("4. on Won, schedule the job's days", () => expect(step(won)).toEqual({ kind: "schedule" }));
  it("5. invoice the deposit when none is sent", () => expect(step({ ...won, jobDays: ["2026-12-08T08:00:00.000Z"] })).toEqual({ kind: "invoice-deposit" }));
  it("6. wait for the job days while one is still to come", () => {
    expect(step({ ...won, jobDays: ["2026-11-30T08:00:00.000Z", "2026-12-08T08:00:00.000Z", "2026-12-09T08:00:00.000Z"], invoiceSent: true })).toEqual({ kind: "wait-for-job-days", nextJobDay: "2026-12-08T08:00:00.000Z" });
  });
  it("7. invoice the balance once the job days are over", () => expect(step({ ...won, jobDays: ["2026-11-30T08:00:00.000Z"], invoiceSent: true })).toEqual({ kind: "invoice-balance" }));
  it("8. ask for the review once all is invoiced; then nothing", () => {
    const invoiced = { ...won, jobDays: ["2026-11-30T08:00:00.000Z"], invoiceSent: true, invoicedInFull: true };
    expect(step(invoiced)).toEqual({ kind: "ask-for-review" });
    expect(step({ ...invoiced, reviewAsked: true })).toEqual({ kind: "done" });
  });
  it("Lost and Spam are closed", () => {
    expect(step({ status: "lost" })).toEqual({ kind: "closed" });
    expect(step({ status: "spam" })).toEqual({ kind: "closed" });
  });
});
