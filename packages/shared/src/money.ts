import { VAT_RATE_PERCENT } from './constants';

const gbp = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats integer pence for display: 32100 -> '£321.00'. */
export function formatMoney(pence: number): string {
  return gbp.format(pence / 100);
}

export type VatSplit = { net: number; vat: number; total: number };

/**
 * Splits a VAT-inclusive amount into net and VAT, in whole pence. The net is rounded half up and the VAT is
 * whatever remains, so net + vat === total always holds; no penny can appear or vanish on an invoice.
 */
export function splitVatInclusive(totalPence: number, ratePercent: number = VAT_RATE_PERCENT): VatSplit {
  if (!Number.isSafeInteger(totalPence) || totalPence < 0) {
    throw new RangeError('The amount must be a whole, non-negative number of pence.');
  }
  if (!Number.isInteger(ratePercent) || ratePercent < 0) {
    throw new RangeError('The VAT rate must be a whole, non-negative percentage.');
  }
  // Integer arithmetic for round-half-up of total * 100 / (100 + rate): no floating-point drift on large sums.
  const divisor = 100 + ratePercent;
  const net = Math.floor((2 * totalPence * 100 + divisor) / (2 * divisor));
  return { net, vat: totalPence - net, total: totalPence };
}

/** Adds an 's' unless the count is exactly 1 (spec section 9): pluralize(1, 'slot') -> 'slot'. */
export function pluralize(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}
