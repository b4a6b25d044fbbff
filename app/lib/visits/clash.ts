/**
 * Whether a visit's times clash with another's: the one check the request page, the form as it is
 * rendered and the form's script (app/enhance/visit-clash.ts) share. Back-to-back visits (one ends
 * at 11:00, the next starts at 11:00) do not clash. Times are UK wall-clock minutes on a UK date,
 * as the form has them; a visit never runs past midnight.
 */

/** Another visit as the form knows it: its UK date, minutes since midnight, and how the clash names it. */
export interface BookedTimes {
  date: string;
  from: number;
  to: number;
  /** "Survey, Sarah Jones, 9:00–11:00". */
  label: string;
}

/** "09:00", "9:00" or "9.00" as minutes since midnight; undefined for anything else. */
export function minutesOf(time: string): number | undefined {
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(time.trim());
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}

/** "Overlaps Survey, Sarah Jones, 9:00–11:00" for each booked visit the typed times overlap; none while the times are incomplete. */
export function clashesOf(typed: { date: string; from: string; to: string }, booked: readonly BookedTimes[]): string[] {
  const from = minutesOf(typed.from);
  const to = minutesOf(typed.to);
  if (!typed.date || from === undefined || to === undefined || to <= from) return [];
  return booked.filter((other) => other.date === typed.date && other.from < to && other.to > from).map((other) => `Overlaps ${other.label}`);
}

/** The line under a day's times: its clashes, and that it can be booked all the same; empty when none. */
export function clashLine(typed: { date: string; from: string; to: string }, booked: readonly BookedTimes[]): string {
  const clashes = clashesOf(typed, booked);
  return clashes.length ? `${clashes.join(". ")}. It can be booked all the same.` : "";
}
