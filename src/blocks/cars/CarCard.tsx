/**
 * One stock card: photo (with the photo count and the certified badge over it), name and badge,
 * price and what it includes (the car page's headline price, or "Price on application"), the
 * market-price indicator where the dealer shows it (src/features/market-price/), key facts
 * (body, fuel, transmission, km), location and an Enquire link. The title's link covers the card,
 * so the whole card opens the car's page; Enquire sits above that cover and goes straight to the
 * page's enquiry form. A car sold since the page was built offers no Enquire, and no Save or Compare
 * unless the shopper already has it there (so they can take it out).
 * A pure component without hooks or handlers: the cars island renders it, and Astro pages can
 * render it statically without hydrating anything. Styles: src/styles/car-card.css (global, so a
 * page showing cards outside the cars block gets them too).
 */
import type { CarStockStatus } from '../../contract/routes.ts';
import type { CarCardData } from '../../features/search/rules/cars-search.ts';
import type { CarSnapshot } from '../../features/shortlist/rules/shortlist.ts';
import { isSold } from '../../features/stock/ui/stock-status.ts';
import MarketBadge from '../../features/market-price/ui/MarketBadge.tsx';
import { CompareButton, SaveButton, type ShortlistState } from '../../features/shortlist/ui/ShortlistControls.tsx';

export interface CarCardProps {
  /** The view model of carCard() (src/features/search/rules/cars-search.ts). */
  card: CarCardData;
  /** Heading level of the car's name, below the section that lists it. */
  level: 2 | 3 | 4;
  /** Load the photo at once (a card in the first screenful) rather than when scrolled to. */
  eager: boolean;
  /** The card's element: 'li' inside a list of cards, 'article' standing alone. */
  as?: 'li' | 'article' | 'div';
  /**
   * The save and compare controls: the car's snapshot, and in the cars island its state and
   * handlers (without them the card carries the snapshot for the page's script, `data-card`).
   */
  shortlist?: { car: CarSnapshot } & Partial<ShortlistState>;
  /**
   * The car's state now, once the cars island has asked the API (a card is built with the page
   * and the car may have sold or been reserved since): "Sold" or "Reserved" over its photo.
   */
  status?: CarStockStatus;
}

export default function CarCard({ card, level, eager, as: Root = 'article', shortlist, status }: CarCardProps) {
  const Title = level === 2 ? 'h2' : level === 3 ? 'h3' : 'h4';
  const photos = card.photosCount === 1 ? '1 photo' : `${card.photosCount} photos`;
  const staticCard = shortlist && !shortlist.onSave;
  const sold = isSold(status);
  const mark = sold ? 'Sold' : status === 'reserved' ? 'Reserved' : undefined;
  return (
    <Root
      className="car-card"
      data-card={staticCard ? JSON.stringify(shortlist.car) : undefined}
      data-status={mark ? (sold ? 'sold' : 'reserved') : undefined}
    >
      <div className="car-card-media">
        <img
          className="car-card-photo"
          src={card.photo}
          alt={card.hasPhoto ? card.title : ''}
          width={400}
          height={250}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        {card.certified && <span className="badge badge-success car-card-certified">Certified</span>}
        {mark && <span className={`badge car-card-status car-card-status-${sold ? 'sold' : 'reserved'}`}>{mark}</span>}
        {card.photosCount > 0 && (
          <span className="car-card-photos">
            <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14">
              <path
                d="M7 3.5h6l1.2 2H17a1 1 0 0 1 1 1V16a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1h2.8z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
              <circle cx="10" cy="11" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
            <span aria-hidden="true">{card.photosCount}</span>
            <span className="visually-hidden">{photos}</span>
          </span>
        )}
        {shortlist && (!sold || shortlist.saved) && (
          <SaveButton car={shortlist.car} saved={!!shortlist.saved} onSave={shortlist.onSave} />
        )}
      </div>
      <div className="car-card-body">
        <Title className="car-card-title">
          <a href={card.href}>
            {card.name}
            {card.badge && <span className="car-card-badge"> {card.badge}</span>}
          </a>
        </Title>
        <p className="car-card-pricing">
          <span className="car-card-price">{card.price}</span>
          {card.priceNote && <span className="car-card-price-note">{card.priceNote}</span>}
        </p>
        {card.market && <MarketBadge market={card.market} variant="card" />}
        <ul className="car-card-facts">
          {card.facts.map((f) => (
            <li
              key={f.key}
              className={`car-card-fact car-card-fact-${f.key}${f.key === 'km' ? ' car-card-km' : ''}`}
              title={f.label}
            >
              {f.value}
            </li>
          ))}
        </ul>
        <div className="car-card-foot">
          {card.location && <p className="car-card-location">{card.location}</p>}
          {shortlist && (!sold || shortlist.compared) && (
            <CompareButton car={shortlist.car} compared={!!shortlist.compared} onCompare={shortlist.onCompare} />
          )}
          {!sold && (
            <a className="btn btn-secondary car-card-enquire" href={card.enquireHref}>
              Enquire<span className="visually-hidden"> about the {card.title}</span>
            </a>
          )}
        </div>
      </div>
    </Root>
  );
}
