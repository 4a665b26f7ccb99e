/**
 * The market-price indicator: "Below market", "Around market" or "Above market" with a disclosure
 * saying what it means and what it is compared with. A pure component rendered to static HTML
 * (the car page and static cards send no JavaScript for it; the cars island renders it in its
 * cards). The disclosure is a native <details>: it opens without any script. Not colour alone:
 * the label says the position, and a mark (↓, ≈, ↑) shows it too. Styles: market-price.css.
 */
import type { MarketIndicator } from '../rules/market-position.ts';

const MARK = { below: '↓', around: '≈', above: '↑' } as const;

export const ESTIMATE_NOTE =
  'An estimate from advertised prices, not an appraisal of this car: its condition, history and equipment may differ.';

export default function MarketBadge({ market, variant }: { market: MarketIndicator; variant: 'card' | 'page' }) {
  return (
    <details className={`market-price market-price-${variant}`} data-market-position={market.position}>
      <summary className="market-price-summary">
        <span className={`market-price-badge market-price-${market.position}`}>
          <span className="market-price-mark" aria-hidden="true">
            {MARK[market.position]}
          </span>
          {market.label}
        </span>
        <span className="market-price-more">What’s this?</span>
      </summary>
      <div className="market-price-detail">
        <p>{market.meaning}</p>
        <p>{market.explanation}</p>
        <p className="market-price-note">{ESTIMATE_NOTE}</p>
      </div>
    </details>
  );
}
