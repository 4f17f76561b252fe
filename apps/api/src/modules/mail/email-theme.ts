import type { CSSProperties } from 'react';

// The resort's look in e-mails: the palette of apps/web/src/styles/tokens.css (deep links green, sand, a restrained
// gold), a serif for the wordmark and headings and the system sans for text. Mail clients ignore most of CSS, so
// every style is inline, on tables where the layout needs one.

export const EMAIL_COLOURS = {
  green900: '#0f2e22',
  green700: '#1d5240',
  sand50: '#fbf8f2',
  sand100: '#f5efe2',
  sand200: '#ebe1cb',
  gold500: '#b08d3e',
  ink900: '#17211c',
  ink600: '#4d5b55',
  white: '#ffffff',
} as const;

export const SERIF = "Georgia, 'Times New Roman', Times, serif";
export const SANS = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const c = EMAIL_COLOURS;

export const EMAIL_STYLES = {
  paragraph: {
    marginTop: 0,
    marginBottom: 16,
    fontFamily: SANS,
    fontSize: 16,
    lineHeight: '24px',
    color: c.ink900,
  },
  muted: {
    marginTop: 0,
    marginBottom: 16,
    fontFamily: SANS,
    fontSize: 14,
    lineHeight: '20px',
    color: c.ink600,
  },
  heading: {
    margin: '24px 0 8px',
    fontFamily: SERIF,
    fontSize: 20,
    lineHeight: '28px',
    fontWeight: 'normal',
    color: c.green900,
  },
  link: { color: c.green700, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;
