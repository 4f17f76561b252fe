import { describe, expect, it } from 'vitest';
import { furthestAllowedStep, isRecognisedBookingId, isStepAllowed } from './booking-steps';

const intent = { id: 'pi_1', client_secret: 'secret', status: 'requires_payment_method', amount: 100 };

describe('furthest allowed step', () => {
  it('opens step 2 once step 1 saved a booking, and step 3 once step 2 opened its payment', () => {
    expect(furthestAllowedStep({ id: null, payment_intent: null })).toBe(1);
    expect(furthestAllowedStep({ id: 12, payment_intent: null })).toBe(2);
    expect(furthestAllowedStep({ id: 12, payment_intent: intent })).toBe(3);
    // A payment without a booking (a reset half-way) opens nothing.
    expect(furthestAllowedStep({ id: null, payment_intent: intent })).toBe(1);
  });

  it('guards each step: only steps up to the furthest one are allowed', () => {
    const fresh = { id: null, payment_intent: null };
    expect(isStepAllowed(1, fresh)).toBe(true);
    expect(isStepAllowed(2, fresh)).toBe(false);
    expect(isStepAllowed(3, fresh)).toBe(false);
    const saved = { id: 5, payment_intent: null };
    expect(isStepAllowed(2, saved)).toBe(true);
    expect(isStepAllowed(3, saved)).toBe(false);
    expect(isStepAllowed(3, { id: 5, payment_intent: intent })).toBe(true);
  });

  it('recognises only positive whole booking ids', () => {
    expect(isRecognisedBookingId(1)).toBe(true);
    for (const id of [0, -3, 1.5, Number.NaN, '7', null, undefined]) {
      expect(isRecognisedBookingId(id)).toBe(false);
    }
  });
});
