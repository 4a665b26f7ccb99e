/**
 * Estimated government charges on buying a used passenger car from a dealer in each Australian
 * state and territory: motor vehicle (stamp) duty on its value, plus twelve months' registration
 * with compulsory third-party insurance and the transfer fee. A dealer's "excl. govt charges" price
 * leaves these out and its drive-away price includes them, so adding them to the first gives a
 * figure comparable with drive-away prices. Pure.
 *
 * Duty follows each revenue office's published scale for a used private passenger car (the
 * higher of price and market value; luxury and concession rates left out):
 *   NSW  $3 per $100 up to $45,000; $1,350 plus $5 per $100 above
 *   VIC  $8.40 per $200 of market value (4.2%)
 *   QLD  $3 per $100 (four-cylinder rate, the most common; hybrids pay less, six and eight more)
 *   WA   2.75% up to $25,000; 2.75% + (value − 25,000) ÷ 6,666.66 % up to $50,000; 6.5% above
 *   SA   $1 per $100 up to $1,000 … $60 plus $4 per $100 above $3,000
 *   TAS  $3 per $100 up to $35,000; $1,050 plus $11 per $100 to $40,000; 4% above
 *   ACT  $3 per $100 up to $45,000; $1,350 plus $5 per $100 above (the scale of an average-emission car)
 *   NT   $3 per $100
 * Registration, CTP and transfer: a typical year for a mid-size car, rounded to $50 (premiums vary
 * by insurer, region and vehicle; the figure is an estimate and the explanation says so).
 */

export const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type AuState = (typeof AU_STATES)[number];

/** Twelve months' registration and CTP plus the transfer fee, AUD. */
export const REGO_AND_TRANSFER: Record<AuState, number> = {
  NSW: 1_050,
  VIC: 950,
  QLD: 950,
  WA: 950,
  SA: 950,
  TAS: 750,
  ACT: 1_150,
  NT: 800,
};

const per100 = (value: number, rate: number) => Math.ceil(value / 100) * rate;

/** Motor vehicle duty on a used passenger car worth `value` in `state`, whole dollars. */
export function stampDuty(state: AuState, value: number): number {
  const v = Math.max(0, value);
  switch (state) {
    case 'NSW':
    case 'ACT':
      return v <= 45_000 ? per100(v, 3) : 1_350 + per100(v - 45_000, 5);
    case 'VIC':
      return Math.ceil(v / 200) * 8.4;
    case 'QLD':
    case 'NT':
      return per100(v, 3);
    case 'WA': {
      const rate = v <= 25_000 ? 2.75 : v <= 50_000 ? 2.75 + (v - 25_000) / 6_666.66 : 6.5;
      return Math.round((v * rate) / 100);
    }
    case 'SA':
      if (v <= 1_000) return per100(v, 1);
      if (v <= 2_000) return 10 + per100(v - 1_000, 2);
      if (v <= 3_000) return 30 + per100(v - 2_000, 3);
      return 60 + per100(v - 3_000, 4);
    case 'TAS':
      if (v <= 35_000) return per100(v, 3);
      if (v <= 40_000) return 1_050 + per100(v - 35_000, 11);
      return per100(v, 4);
  }
}

/** "nsw", " Vic " → the state; anything else (an NZ region, a typo) → undefined. */
export function auState(text: string | undefined): AuState | undefined {
  const s = text?.trim().toUpperCase();
  return AU_STATES.find((x) => x === s);
}

export interface GovtCharges {
  state: AuState;
  duty: number;
  regoAndTransfer: number;
  total: number;
}

/** The estimated charges on a car whose price excluding them is `price`, rounded to $10. */
export function estimatedGovtCharges(state: AuState, price: number): GovtCharges {
  const duty = Math.round(stampDuty(state, price));
  const regoAndTransfer = REGO_AND_TRANSFER[state];
  return { state, duty, regoAndTransfer, total: Math.round((duty + regoAndTransfer) / 10) * 10 };
}
