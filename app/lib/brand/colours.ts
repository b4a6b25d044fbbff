/**
 * The site's colours (the @theme of app/app.css) for what a stylesheet cannot reach: the e-mails'
 * inline styles (lib/mail/letter.ts), the PDFs' paper (lib/pdf/paper.server.ts), the logo's and
 * the service map's drawn strokes, the browser's theme colour and the owner's app manifest.
 * Change one here and in app.css together.
 */
export const BRAND = {
  ink: "#1e293b",
  accent: "#b45309",
  accentDark: "#92400e",
  muted: "#475569",
  paper: "#faf7f2",
  paperDark: "#f1ebe1",
  rule: "#cbd5e1",
} as const;
