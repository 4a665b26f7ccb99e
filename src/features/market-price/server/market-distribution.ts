/**
 * How a dealer's used cars for sale fall into the market-price bands with a given provider, as
 * if the dealer showed the indicator: a measure of a provider's calibration on a dealer's stock
 * (src/features/market-price/tests/market-distribution.test.ts prints it for the sample dealers).
 * Every askable car counts once: below, around, above, or none (with why).
 */
import type { DealerContent } from '../../../content/load.ts';
import { askable, marketQueryOf, withEstimate } from '../rules/market-query.ts';
import { marketExclusion, marketIndicator, type MarketPosition } from '../rules/market-position.ts';
import type { MarketProvider } from './market-provider.ts';

export interface MarketDistribution {
  site: string;
  below: number;
  around: number;
  above: number;
  none: number;
  /** Why the cars counted in `none` show nothing, with how many each. */
  reasons: Record<string, number>;
}

export async function marketDistribution(
  dealer: DealerContent,
  provider: MarketProvider,
  asAt: string,
): Promise<MarketDistribution> {
  const out: MarketDistribution = { site: dealer.slug, below: 0, around: 0, above: 0, none: 0, reasons: {} };
  for (const car of dealer.cars.filter(askable)) {
    const answer = await provider.estimate({
      query: marketQueryOf(car, dealer.site.state),
      country: dealer.site.country,
      asAt,
      state: dealer.site.state,
    });
    const priced = withEstimate(car, answer.status === 'valued' ? answer.estimate : undefined);
    const on = { enabled: true };
    const indicator = marketIndicator(priced, on, { today: asAt });
    const position: MarketPosition | 'none' = indicator?.position ?? 'none';
    out[position]++;
    if (!indicator) {
      const why = marketExclusion(priced, on, asAt) ?? 'unknown';
      out.reasons[why] = (out.reasons[why] ?? 0) + 1;
    }
  }
  return out;
}

/** "a-dealer: 3 below, 9 around, 4 above, 6 none (estimate not sure 4, …)". */
export function describeDistribution(d: MarketDistribution): string {
  const reasons = Object.entries(d.reasons)
    .map(([why, n]) => `${why} ${n}`)
    .join(', ');
  return `${d.site}: ${d.below} below, ${d.around} around, ${d.above} above, ${d.none} none${reasons ? ` (${reasons})` : ''}`;
}
