import { describe, expect, it } from 'vitest';
import { EMAIL_COLOURS, emailButton, renderEmail } from './render-email.ts';

const email = renderEmail({
  title: 'Your booking is confirmed',
  preheader: 'Booking 48213 <Championship> on 5th May',
  bodyHtml: `<p>Hello</p>${emailButton('View your booking', 'https://book.example.com/confirmation/48213?signature=a&expires=1')}`,
  bodyText: 'Hello\n\nView your booking: https://book.example.com/confirmation/48213?signature=a&expires=1',
});

describe('renderEmail', () => {
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
    expect(email.text).not.toMatch(/<[a-z]/i);
  });
});
