/** @jsxRuntime automatic */

import { describe, expect, it } from 'vitest';
import { EmailLayout } from './email-layout.tsx';
import { EmailButton } from './email-parts.tsx';
import { EMAIL_COLOURS } from './email-theme.ts';
import { renderEmail } from './render-email.ts';
import { TEST_BRAND } from './test/test-brand.ts';

const email = await renderEmail(
  <EmailLayout
    title="Your booking is confirmed"
    preheader="Booking 48213 <Championship> on 5th May"
    brand={TEST_BRAND}
  >
    <p>Hello</p>
    <EmailButton href="https://book.example.com/confirmation/48213?signature=a&expires=1">
      View your booking
    </EmailButton>
  </EmailLayout>,
);

describe('renderEmail', () => {
  it('names the configured resort (escaped) and its reservations phone and e-mail, in both parts', () => {
    expect(email.html).toContain('Old Course &amp; &lt;Links&gt;');
    expect(email.html).not.toContain('<Links>');
    expect(email.html).toContain('href="tel:+441241555010"');
    expect(email.html).toContain('href="mailto:tee-times@resort.example"');
    expect(email.text).toMatch(/^Old Course & <Links>\n/);
    expect(email.text).toContain('reservations: +44 1241 555 010 · tee-times@resort.example');
    expect(email.html).not.toContain('The Links');
  });

  it('lays the e-mail out in tables with inline styles and no style sheet or script', () => {
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain('role="presentation"');
    expect(email.html).not.toMatch(/<style|<script|<link/i);
    expect(email.html).toContain(`background:${EMAIL_COLOURS.green900}`);
    expect(email.html).toMatch(/<h1 style="[^"]*font-family:Georgia[^"]*">Your booking is confirmed<\/h1>/);
  });

  it('escapes the title and preheader and keeps the body HTML as given', () => {
    expect(email.html).toContain('Booking 48213 &lt;Championship&gt; on 5th May');
    expect(email.html).toContain('<p>Hello</p>');
    expect(email.html).toContain(
      'href="https://book.example.com/confirmation/48213?signature=a&amp;expires=1"',
    );
  });

  it('has a plain-text alternative with the title, the body and the links intact', () => {
    expect(email.text).toContain('Your booking is confirmed\n=========================');
    expect(email.text).toContain('https://book.example.com/confirmation/48213?signature=a&expires=1');
    // No markup, but for the resort's own name, which plain text carries as written.
    expect(email.text.replaceAll(TEST_BRAND.resortName, '')).not.toMatch(/<[a-z]/i);
  });
});
