import { describe, expect, it } from 'vitest';
import { paidConfirmationHref } from './payment-details';

describe('paidConfirmationHref', () => {
  it("keeps the API's signed address and adds the success view", () => {
    expect(paidConfirmationHref('/confirmation/260000123?signature=ab12&expires=1800000000', false)).toBe(
      '/confirmation/260000123?signature=ab12&expires=1800000000&redirect_status=succeeded',
    );
  });

  it('adds the newsletter message when the visitor asked for it', () => {
    expect(paidConfirmationHref('/confirmation/260000123', true)).toBe(
      '/confirmation/260000123?redirect_status=succeeded&nl=newly_subscribed',
    );
  });
});
