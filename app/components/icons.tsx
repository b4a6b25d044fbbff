/**
 * One set of simple line icons, drawn inline so they cost no request. All are decorative.
 * How they are drawn (no fill, a round 2-unit stroke in the text's colour) is the `icon` class
 * in app.css rather than five attributes on every icon: the same picture in less markup
 * (docs/decisions/0015-pages-that-settle.md).
 */
import type { ReactNode, SVGProps } from "react";

function Icon({ children, className, solid = false, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode; solid?: boolean }) {
  const kind = solid ? "icon icon-solid" : "icon";
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" className={className ? `${kind} ${className}` : kind} {...props}>
      {children}
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;

/** An icon drawn with paths alone: in lines, or filled (`solid`). */
const drawn =
  (isSolid: boolean, paths: string[]) =>
  (p: P) => (
    <Icon solid={isSolid} {...p}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </Icon>
  );
const lines = (...paths: string[]) => drawn(false, paths);
/** An icon of a circle (centre and radius), with lines drawn over it. */
const ringed =
  ([cx, cy, r]: [number, number, number], ...paths: string[]) =>
  (p: P) => (
    <Icon {...p}>
      <circle cx={cx} cy={cy} r={r} />
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </Icon>
  );
const solid = (...paths: string[]) => drawn(true, paths);

export const PhoneIcon = lines("M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z");
export const MailIcon = (p: P) => (
  <Icon {...p}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </Icon>
);
export const MapPinIcon = (p: P) => (
  <Icon {...p}>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />
    <circle cx="12" cy="10" r="3" />
  </Icon>
);
export const ClockIcon = ringed([12, 12, 10], "M12 6v6l4 2");
export const ShieldIcon = lines("M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z", "m9 12 2 2 4-4");
export const AwardIcon = ringed([12, 8, 6], "M15.5 13 17 22l-5-3-5 3 1.5-9");
export const CheckIcon = lines("M20 6 9 17l-5-5");
export const StarIcon = solid("m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z");
export const MenuIcon = lines("M3 6h18M3 12h18M3 18h18");
export const CloseIcon = lines("M18 6 6 18M6 6l12 12");
export const ChevronDownIcon = lines("m6 9 6 6 6-6");
export const ArrowRightIcon = lines("M5 12h14M12 5l7 7-7 7");
export const PoundIcon = lines("M18 7a4 4 0 0 0-7.5-2C9.6 6.6 10 9 10 12v5a3 3 0 0 1-3 3h11M6 13h8");
export const AlertIcon = lines("M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z", "M12 9v4M12 17h.01");
export const HomeIcon = lines("m3 10 9-7 9 7v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z", "M9 22V12h6v10");
export const ToolIcon = lines("M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z");
export const ChatIcon = lines("M21 11.5a8.4 8.4 0 0 1-12.3 7.5L3 21l2-5.7A8.4 8.4 0 1 1 21 11.5z");
export const InboxIcon = lines("M22 12h-6l-2 3h-4l-2-3H2", "M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z");
export const GlobeIcon = ringed([12, 12, 10], "M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z");
export const CalendarIcon = lines("M8 2v4M16 2v4M3 10h18", "M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z");
export const MoreIcon = lines("M5 12h.01M12 12h.01M19 12h.01");
export const ChevronLeftIcon = lines("m15 18-6-6 6-6");
