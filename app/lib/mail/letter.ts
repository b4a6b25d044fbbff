/**
 * The one letter every e-mail is written on: the firm's logo, name and colour on top, the words,
 * one button that says what it does, and the firm's phone, e-mail and website at the foot. Each
 * e-mail says only what it says, as a list of blocks; this module writes them twice, as HTML and
 * as plain text with the same words, so the two parts of an e-mail never tell different stories.
 *
 * Every word goes through `escape` on its way into the HTML: a block holds text, never markup,
 * so nothing a visitor typed reaches an e-mail as markup. A link's words are always words ("View
 * your quote"), never its address; in the plain text the address follows them ("View your
 * quote: https://…"). The logo is an attachment of the e-mail itself (LOGO_CID): nothing is
 * fetched from anywhere when the e-mail is read, and nothing tells anyone it was.
 *
 * The HTML is one column at most 600 px wide with its styles inline (a mail client keeps no
 * stylesheet, and a page's Content-Security-Policy does not apply to mail), readable at 320 px.
 * Its text sizes are relative to the reader's own (17 px at the usual 16) and its line heights
 * have no unit, so a phone set to bigger text makes all of it bigger, and the button's words then
 * wrap inside the button, never past or against its edge.
 */
import type { Business } from "../../content/schema.ts";
import { BRAND } from "../brand/colours.ts";

/** A link: the words it shows, and where it goes (https:, tel: or mailto:). */
export interface Link {
  words: string;
  href: string;
}

/** A part of a letter's body. */
export type Block =
  /** A paragraph. */
  | string
  /** Lines kept together, one under the other (opening hours). */
  | { lines: string[] }
  /** Labelled values, one a line ("Phone: 07700 900321"); a value may be a link. */
  | { facts: { label: string; value: string | Link }[] }
  /** Someone's own words, kept as they wrote them, line breaks too (a visitor's message). */
  | { quoted: string }
  /** The letter's main action, as a button. */
  | { button: Link }
  /** A link of less weight, in a paragraph of its own. */
  | { link: Link };

export type LetterBusiness = Pick<Business, "name" | "phone" | "email">;

export interface LetterInput {
  business: LetterBusiness;
  /** The site's address (SITE_URL): the foot's website link. */
  siteUrl: string;
  /** The e-mail's subject: also the HTML's title. */
  subject: string;
  /** "Dear Priya Tilewell," where there is someone to address. */
  greeting?: string;
  body: Block[];
  /** The firm's phone, e-mail and website at the foot: every letter to a customer has them. */
  foot?: boolean;
}

export interface Letter {
  subject: string;
  text: string;
  html: string;
}

/**
 * The link to the customer's own page (/c/…), in every e-mail to them: a lesser link beside the
 * letter's one button, in the same words everywhere.
 */
export function customerPageLink(href: string): Block {
  return { link: { words: "Your page for this request", href } };
}

/** The Content-ID of the logo attached to every HTML e-mail (app/lib/mail/logo.server.ts). */
export const LOGO_CID = "logo@kestrel.letter";

/** The site's colours: slate for the letterhead, the accent for the one button. */
const { ink: INK, accent: ACCENT, accentDark: ACCENT_DARK, muted: MUTED, paper: PAPER } = BRAND;
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML text or an attribute value: every character that could start markup, escaped. */
export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A document's number or a request's reference ("Q-2026-0042", "INV-2026-0001", "CN-2026-0001", "K-1042"), kept on one line. */
const NUMBER = /\b(?:[QK]|INV|CN)-\d{4}(?:-\d{4})?\b/g;

/** Text as a paragraph's HTML: escaped, its numbers kept whole on a narrow screen. */
function words(text: string): string {
  return escape(text).replace(NUMBER, (number) => `<span style="white-space:nowrap">${number}</span>`);
}

/** Only links of these kinds are written; anything else is refused, loudly. */
function checkedHref(href: string): string {
  if (!/^(https?:\/\/|tel:\+?[\d]+$|mailto:[^\s<>"]+$)/.test(href)) throw new Error(`Not a link a letter may carry: ${href}`);
  return href;
}

/** The plain-text form of a link: the words, then the address when the words do not already say it. */
function linkText(link: Link): string {
  return /^https?:/.test(link.href) ? `${link.words}: ${link.href}` : link.words;
}

const styled = (style: string) => ` style="${style}"`;
const P = styled("margin:0 0 16px");
const A = styled(`color:${ACCENT_DARK};font-weight:700;text-decoration:underline`);

const anchor = (link: Link, style = A) => `<a href="${escape(checkedHref(link.href))}"${style}>${escape(link.words)}</a>`;
const withBreaks = (lines: string[]) => lines.map(words).join("<br>");

function blockHtml(block: Block): string {
  if (typeof block === "string") return `<p${P}>${words(block)}</p>`;
  if ("lines" in block) return `<p${P}>${withBreaks(block.lines)}</p>`;
  if ("facts" in block) {
    const rows = block.facts.map(({ label, value }) => `<strong>${escape(label)}:</strong> ${typeof value === "string" ? words(value) : anchor(value)}`);
    return `<p${P}>${rows.join("<br>")}</p>`;
  }
  if ("quoted" in block) {
    const style = styled(`margin:0 0 16px;padding:4px 0 4px 14px;border-left:4px solid ${ACCENT};overflow-wrap:anywhere`);
    return `<blockquote${style}>${withBreaks(block.quoted.split(/\r?\n/))}</blockquote>`;
  }
  if ("button" in block) {
    const button = styled(
      `display:inline-block;max-width:100%;box-sizing:border-box;background-color:${ACCENT};color:#ffffff;font-weight:700;font-size:1.0625em;line-height:1.35;text-align:center;text-decoration:none;overflow-wrap:break-word;padding:0.7em 1.25em;border-radius:6px`,
    );
    return `<p${styled("margin:24px 0")}>${anchor(block.button, button)}</p>`;
  }
  return `<p${P}>${anchor(block.link)}</p>`;
}

function blockText(block: Block): string {
  if (typeof block === "string") return block;
  if ("lines" in block) return block.lines.join("\n");
  if ("facts" in block) return block.facts.map(({ label, value }) => `${label}: ${typeof value === "string" ? value : value.words}`).join("\n");
  if ("quoted" in block) return block.quoted;
  return linkText("button" in block ? block.button : block.link);
}

/** The foot: the firm's name and how to reach it, as lines. */
function footLinks(business: LetterBusiness, siteUrl: string): { label: string; link: Link }[] {
  return [
    { label: "Phone", link: { words: business.phone.display, href: `tel:${business.phone.e164}` } },
    { label: "E-mail", link: { words: business.email, href: `mailto:${business.email}` } },
    { label: "", link: { words: "Our website", href: siteUrl } },
  ];
}

/** Writes a letter as HTML and as plain text, from the same words. */
export function writeLetter(input: LetterInput): Letter {
  const { business, siteUrl, subject } = input;
  const body: Block[] = input.greeting ? [input.greeting, ...input.body] : input.body;
  const foot = input.foot === false ? [] : footLinks(business, siteUrl);

  const text = [
    business.name,
    ...body.map(blockText),
    ...(foot.length ? [[business.name, ...foot.map(({ label, link }) => (label ? `${label}: ${linkText(link)}` : linkText(link)))].join("\n")] : []),
  ].join("\n\n");

  const footHtml = foot.length
    ? `<div${styled(`padding:20px 24px;font-size:0.88em;line-height:1.6;color:${MUTED}`)}><strong${styled(`color:${INK}`)}>${escape(business.name)}</strong><br>${foot
        .map(({ label, link }) => (label ? `${escape(label)}: ${anchor(link)}` : anchor(link)))
        .join("<br>")}</div>`
    : "";
  const html = [
    "<!DOCTYPE html>",
    '<html lang="en-GB">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escape(subject)}</title>`,
    "</head>",
    `<body${styled(`margin:0;padding:0;background-color:${PAPER};color:${INK};font-family:${FONT};font-size:106.25%;line-height:1.6`)}>`,
    `<div${styled("max-width:600px;margin:0 auto;padding:16px 8px")}>`,
    `<div${styled(`background-color:${INK};color:#ffffff;padding:14px 24px;border-bottom:4px solid ${ACCENT};border-radius:8px 8px 0 0`)}>`,
    `<img src="cid:${LOGO_CID}" width="40" height="40" alt=""${styled("vertical-align:middle;border:0;margin-right:10px")}>`,
    `<span${styled("vertical-align:middle;font-size:1.3em;line-height:1.25;font-weight:800;letter-spacing:-0.01em")}>${escape(business.name)}</span>`,
    "</div>",
    `<div${styled("background-color:#ffffff;padding:24px 24px 8px;border-radius:0 0 8px 8px;overflow-wrap:break-word")}>`,
    ...body.map(blockHtml),
    "</div>",
    footHtml,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
  return { subject, text, html };
}
