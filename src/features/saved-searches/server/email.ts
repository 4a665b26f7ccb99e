/**
 * The emails of a saved search, each as plain text and HTML in the dealer's branding:
 *
 * - the confirmation (double opt-in): one link that confirms; nothing else is ever sent to an
 *   address that does not follow it;
 * - a change: the search was saved again after it was confirmed, perhaps by someone else; one
 *   link whose page applies the new save (its consent line, its stock page and site). Ignored,
 *   the alert stays as it was;
 * - an alert: the cars that arrived and the prices that dropped, each with its photo, title, price
 *   (with what the price includes) and a link to its page, and a one-click unsubscribe (RFC 8058:
 *   List-Unsubscribe and List-Unsubscribe-Post headers, and a link in the text).
 */
import type { DealerContent } from '../../../content/load.ts';
import { carCard, type CarHit } from '../../search/rules/cars-search.ts';
import { formatPrice } from '../../../lib/text.ts';
import { API_ROUTES } from '../../../contract/routes.ts';
import type { MailMessage } from '../../../api/mail/mailer.ts';
import { absoluteHref, brandButton, brandDocument, brandOf, escapeHtml } from '../../../api/mail/brand.ts';
import { describeSearch } from './search.ts';
import type { LinkValues, SavedSearchRow } from './store.ts';

/** One car an alert names: new to the search, or cheaper than the search knew it. */
export interface AlertCar {
  hit: CarHit;
  /** The price the search knew before, for a price drop. */
  was?: number;
}

const origin = (s: SavedSearchRow) => s.link_origin.replace(/\/+$/, '');

export const confirmUrl = (s: SavedSearchRow, token: string) =>
  `${origin(s)}${API_ROUTES.savedSearchConfirmPage}?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (s: SavedSearchRow, token: string) =>
  `${origin(s)}${API_ROUTES.savedSearchUnsubscribe}?token=${encodeURIComponent(token)}`;
/** The stock page with the saved search. */
export const searchUrl = (s: SavedSearchRow) => `${origin(s)}${s.page_path}${s.query ? `?${s.query}` : ''}`;

function from(dealer: DealerContent, address: string): MailMessage['from'] {
  return { name: dealer.site.name, address };
}

export function confirmationEmail(
  dealer: DealerContent,
  search: SavedSearchRow,
  token: string,
  sender: string,
): MailMessage {
  const brand = brandOf(dealer, origin(search));
  const what = describeSearch(search.query);
  const link = confirmUrl(search, token);
  const subject = `Confirm your car alert from ${dealer.site.name}`;
  const text = [
    `Hello,`,
    ``,
    `You asked ${dealer.site.name} to email you when cars matching your search arrive or drop in price:`,
    `  ${what}`,
    ``,
    `Confirm your alert by opening this link (it works for 3 days):`,
    link,
    ``,
    `If you did not ask for this, ignore this email: nothing more will be sent and your address is deleted in 3 days.`,
    ``,
    dealer.site.name,
    dealer.site.url,
  ].join('\r\n');
  const html = brandDocument(
    brand,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Confirm your car alert</h1>
<p style="margin:0 0 8px">You asked ${escapeHtml(dealer.site.name)} to email you when cars matching your search arrive or drop in price:</p>
<p style="margin:0 0 20px;padding:12px;background:#f3f4f6;border-radius:6px"><strong>${escapeHtml(what)}</strong></p>
<p style="margin:0 0 20px">${brandButton(brand, link, 'Confirm my alert')}</p>
<p style="margin:0 0 8px;font-size:14px;color:#4b5563">The button works for 3 days. Or copy this address into your browser:<br><a href="${escapeHtml(link)}" style="color:${brand.accent}">${escapeHtml(link)}</a></p>`,
    `If you did not ask for this, ignore this email: nothing more will be sent and your address is deleted in 3 days.`,
  );
  return { site: dealer.slug, kind: 'confirm', from: from(dealer, sender), to: search.email, subject, text, html };
}

/**
 * The email of a confirmed search saved again: its link (the confirm route's page, on the site of
 * the new save) applies `values`, which nothing else does.
 */
export function changeEmail(
  dealer: DealerContent,
  search: SavedSearchRow,
  values: LinkValues,
  token: string,
  sender: string,
): MailMessage {
  const changed: SavedSearchRow = { ...search, page_path: values.page_path, link_origin: values.link_origin };
  const brand = brandOf(dealer, origin(changed));
  const what = describeSearch(search.query);
  const link = confirmUrl(changed, token);
  const subject = `Update your car alert from ${dealer.site.name}?`;
  const ignore = `If you did not save it again, ignore this email: your alert stays exactly as it is.`;
  const text = [
    `Hello,`,
    ``,
    `Your car alert at ${dealer.site.name} was saved again:`,
    `  ${what}`,
    ``,
    `Your alert is already on. To keep it up to date with this save (its links and what you agreed to), open this link and press the button (it works for 3 days):`,
    link,
    ``,
    ignore,
    ``,
    dealer.site.name,
    dealer.site.url,
  ].join('\r\n');
  const html = brandDocument(
    brand,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Update your car alert?</h1>
<p style="margin:0 0 8px">Your car alert at ${escapeHtml(dealer.site.name)} was saved again:</p>
<p style="margin:0 0 20px;padding:12px;background:#f3f4f6;border-radius:6px"><strong>${escapeHtml(what)}</strong></p>
<p style="margin:0 0 8px">Your alert is already on. To keep it up to date with this save (its links and what you agreed to), press the button.</p>
<p style="margin:0 0 20px">${brandButton(brand, link, 'Update my alert')}</p>
<p style="margin:0 0 8px;font-size:14px;color:#4b5563">The button works for 3 days. Or copy this address into your browser:<br><a href="${escapeHtml(link)}" style="color:${brand.accent}">${escapeHtml(link)}</a></p>`,
    ignore,
  );
  return { site: dealer.slug, kind: 'change', from: from(dealer, sender), to: search.email, subject, text, html };
}

function carLines(cars: AlertCar[], base: string): string[] {
  return cars.flatMap(({ hit, was }) => {
    const card = carCard(hit);
    const price = [card.price, card.priceNote].filter(Boolean).join(' ');
    return [
      `${card.title}`,
      `  ${price}${was !== undefined ? ` (was ${formatPrice(was)})` : ''}`,
      `  ${base}${card.href}`,
      ``,
    ];
  });
}

function carCardHtml(car: AlertCar, base: string, accent: string): string {
  const card = carCard(car.hit);
  const href = `${base}${card.href}`;
  const photo = absoluteHref(card.photo, base);
  const price = `<strong style="font-size:18px">${escapeHtml(card.price)}</strong>${
    card.priceNote ? ` <span style="font-size:13px;color:#4b5563">${escapeHtml(card.priceNote)}</span>` : ''
  }`;
  const drop =
    car.was !== undefined
      ? `<div style="font-size:14px;color:#4b5563">Price drop: was <s>${escapeHtml(formatPrice(car.was))}</s></div>`
      : '';
  return `<tr><td style="padding:12px 0;border-top:1px solid #e5e7eb">
<a href="${escapeHtml(href)}" style="color:inherit;text-decoration:none">
${photo ? `<img src="${escapeHtml(photo)}" alt="${escapeHtml(card.title)}" width="552" style="width:100%;max-width:552px;height:auto;border:0;border-radius:6px;display:block;margin:0 0 8px">` : ''}
<div style="font-size:17px;font-weight:600;color:${accent}">${escapeHtml(card.title)}</div>
</a>
<div>${price}</div>${drop}
<div style="font-size:14px;color:#4b5563">${escapeHtml(card.km)}</div>
</td></tr>`;
}

export function alertEmail(
  dealer: DealerContent,
  search: SavedSearchRow,
  cars: { arrived: AlertCar[]; dropped: AlertCar[] },
  unsubscribeToken: string,
  sender: string,
): MailMessage {
  const base = origin(search);
  const brand = brandOf(dealer, base);
  const what = describeSearch(search.query);
  const unsubscribe = unsubscribeUrl(search, unsubscribeToken);
  const count = cars.arrived.length + cars.dropped.length;
  const subject =
    cars.arrived.length && !cars.dropped.length
      ? `${cars.arrived.length === 1 ? 'A new car matches' : `${cars.arrived.length} new cars match`} your search at ${dealer.site.name}`
      : cars.dropped.length && !cars.arrived.length
        ? `${cars.dropped.length === 1 ? 'A price drop' : `${cars.dropped.length} price drops`} on your search at ${dealer.site.name}`
        : `${count} updates on your search at ${dealer.site.name}`;
  const why = `You get this email because you saved the search “${what}” at ${dealer.site.name}. At most one email a day is sent for it.`;
  const text = [
    `Your search: ${what}`,
    ``,
    ...(cars.arrived.length ? [`New arrivals`, ``, ...carLines(cars.arrived, base)] : []),
    ...(cars.dropped.length ? [`Price drops`, ``, ...carLines(cars.dropped, base)] : []),
    `See every car matching your search:`,
    searchUrl(search),
    ``,
    why,
    `Stop these emails: ${unsubscribe}`,
    ``,
    dealer.site.name,
  ].join('\r\n');
  const section = (title: string, list: AlertCar[]) =>
    list.length
      ? `<h2 style="font-size:18px;margin:20px 0 4px">${escapeHtml(title)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${list
          .map((c) => carCardHtml(c, base, brand.accent))
          .join('\n')}</table>`
      : '';
  const html = brandDocument(
    brand,
    subject,
    `<h1 style="font-size:22px;margin:0 0 8px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 4px;color:#4b5563">Your search: <strong style="color:#111418">${escapeHtml(what)}</strong></p>
${section('New arrivals', cars.arrived)}
${section('Price drops', cars.dropped)}
<p style="margin:24px 0 0">${brandButton(brand, searchUrl(search), 'See all matching cars')}</p>`,
    `${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}" style="color:${brand.accent}">Unsubscribe from this alert</a>.`,
  );
  return {
    site: dealer.slug,
    kind: 'alert',
    from: from(dealer, sender),
    to: search.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
