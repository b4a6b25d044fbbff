/**
 * The visitor's survey booking in each state its pages show (issue 38 §3): bookings turned on as
 * the owner's defaults stand, a quote request sent from the Hitchin page, then the thank-you page
 * with its times, See more times, the answer to a time just gone, and the booked answer. For the
 * sweeps that check every page's markup.
 */
import { makeOnceKey } from "../../app/lib/actions/once-key.ts";
import { withStore } from "./owner.ts";
import { bookingsOn } from "./self-booked-survey.ts";
import { postMultipart, QUOTE, type RunningServer } from "./server.ts";

/** Each page of the booking as its address (for a POST's answer, what was posted to) and its HTML. */
export async function surveyBookingPages(server: RunningServer): Promise<{ name: string; html: string }[]> {
  withStore(server.dataDir, bookingsOn);
  const sent = await postMultipart(server, "/areas/roofers-in-hitchin/", { ...QUOTE, name: "Margaret Hale" });
  const thanks = sent.headers.get("location")!.replace(/#.*/, "");
  const more = `/book/${/&book=([\w-]+)/.exec(thanks)![1]}`;
  const read = async (path: string) => (await fetch(`${server.url}${path}`)).text();
  const post = (start: string) => fetch(`${server.url}${more}`, { method: "POST", body: new URLSearchParams({ once: makeOnceKey(), start }), headers: { Origin: server.url }, redirect: "manual" });
  const pages = [
    { name: "the thank-you page with survey times", html: await read(thanks) },
    { name: "See more times", html: await read(more) },
  ];
  if (!pages[0]!.html.includes("Book your free survey")) throw new Error("The thank-you page offers no survey times");
  pages.push({ name: "Sorry, that time has just gone", html: await (await post("2020-01-06T10:00:00.000Z")).text() });
  const first = /name="start" value="([^"]+)"/.exec(pages[1]!.html)![1]!;
  const booked = (await post(first)).headers.get("location")!;
  pages.push({ name: "Your survey is booked", html: await read(booked) });
  return pages;
}
