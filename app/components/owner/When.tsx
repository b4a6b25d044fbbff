import { exactTime, timeAgo } from "~/lib/time/ago.ts";

/** "2 hours ago", with the exact UK time for machines and on hover. */
export function When({ iso, now }: { iso: string; now: Date }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {timeAgo(iso, now)}
    </time>
  );
}
