import type { Confirmation } from '@links/shared/schemas/confirmation';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../build/prerender-pages';
import { fixtureConfirmation, fixtureCourse } from './features/confirmation/test/confirmation-fixture';
import { prerenderPage, renderBookingPage } from './prerender';

// The build prerenders its pages in Node (build/prerender-pages.ts): no window, document or storage. Whatever they
// render must work there, and each markup must be the complete page, lazy routes included, as the browser's first
// render draws it (the page's own text, or its loading state while it waits for the API).
const EXPECTED: Record<string, string[]> = {
  '/': ['Create experience', 'Add your golfers', 'Your booking summary'],
  '/login': ['Tour Operator Login', 'Sign in to book for your groups', 'Forgot password?'],
  '/forgot-password': ['Forgot your password?', 'Enter your username and we will e-mail you a link'],
  '/reset?t=token&u=username': ['Reset your password', 'Checking your reset link...'],
  '/confirmation': ['This page is protected for your security', 'Booking number', 'PIN code'],
  '/manage-account': [
    'Manage Account',
    'Keep your details and password up to date',
    'Loading your account details...',
  ],
  '/my-bookings': ['My Bookings', 'Every booking your company has made', 'Loading your bookings...'],
  '/maintenance': ['We&#x27;re launching some updates!', 'Checking status...'],
  '/404': ['A swing and a miss!', '404 Not Found'],
};

describe('prerenderPage', () => {
  it('prerenders exactly the pages it is tested for', () => {
    expect(PRERENDERED_PAGES.map((page) => page.location)).toEqual(Object.keys(EXPECTED));
  });

  for (const { location } of PRERENDERED_PAGES) {
    it(`renders the whole page at ${location} in Node without a DOM`, async () => {
      expect(typeof window).toBe('undefined');
      const markup = await prerenderPage(location);
      expect(markup).toContain('<main');
      for (const text of EXPECTED[location] ?? []) expect(markup).toContain(text);
      expect(markup).toContain(`© <!-- -->${new Date().getFullYear()}`);
      // A page's own suspended loading state would show the page fallback.
      expect(markup).not.toContain('<!--$!-->');
      expect(markup).not.toContain('<!--$?-->');
      // A form's submit button waits for the script: the browser's own GET would put a password or PIN in the address.
      for (const button of markup.match(/<button[^>]*type="submit"[^>]*>/g) ?? [])
        expect(button).toContain('disabled');
      // Its fields take no typing until then: the form would wipe it when it registers them.
      if (['/login', '/forgot-password', '/confirmation'].includes(location)) {
        const inputs = markup.match(/<input[^>]*>/g) ?? [];
        expect(inputs.length, location).toBeGreaterThan(0);
        for (const input of inputs) expect(input, location).toMatch(/readOnly=""/);
      }
    });
  }
});

describe('renderBookingPage', () => {
  const location = (number: string) => `/confirmation/${number}?signature=abc&expires=1800000000`;
  const given = (data: Confirmation, number = data.booking_number) => ({
    number,
    signature: 'abc',
    expires: '1800000000',
    data,
    at: Date.now(),
  });

  it('draws the booking it is given, whole, three rounds and all, the course picture preload answered apart', async () => {
    const data = fixtureConfirmation({
      courses: [
        fixtureCourse(),
        fixtureCourse({ id: 2, name: 'Burnside Course', slug: 'burnside' }),
        fixtureCourse({ id: 4, name: 'Buddon Links Course', slug: 'buddon-links' }),
      ],
    });
    const { hints, body } = await renderBookingPage(location(data.booking_number), given(data));
    expect(body).toContain('Tee-rific! Your booking is confirmed');
    expect(body).toContain(`Booking ${data.booking_number}`);
    for (const course of data.courses) expect(body).toContain(course.name);
    // Whole: nothing left for inline scripts to complete, which the page's content security policy refuses.
    expect(body).not.toMatch(/<!--\$[?!]-->|<script|<template/);
    expect(body.startsWith('<link')).toBe(false);
    expect(hints.some((hint) => hint.includes('rel="preload"') && hint.includes('as="image"'))).toBe(true);
  });

  it('draws no booking from data given for another booking number than the address', async () => {
    const data = fixtureConfirmation();
    const { body } = await renderBookingPage(location(data.booking_number), given(data, '1111111111'));
    expect(body).not.toContain('Tee-rific! Your booking is confirmed');
    expect(body).not.toContain(data.courses[0]?.name ?? 'no course');
  });
});
