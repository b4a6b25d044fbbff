/**
 * The app's one way of writing a time of day (docs/decisions/0033-one-way-to-write-a-time-and-pages-that-fit-big-text.md):
 * the 24-hour clock, the hour without a leading zero, and a span joined by an en dash with no
 * spaces: "8:00", "13:30", "8:00–18:00". The owner's diary, the customer's visits, the public
 * site's opening hours and the e-mails all write times through here; structured data for search
 * engines and calendar files keep their own machine formats (ISO 8601, "08:00").
 */

/** "9:00", "13:30": minutes since midnight. */
export function clockWords(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "8:00" for an HH:MM time as the opening hours store it ("08:00"). */
export function hhmmWords(hhmm: string): string {
  return clockWords(Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));
}

/** "8:00–18:00" for opening and closing HH:MM times. */
export function hoursSpanWords(opens: string, closes: string): string {
  return `${hhmmWords(opens)}–${hhmmWords(closes)}`;
}
