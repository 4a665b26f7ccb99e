/**
 * The 404 page's script at a car's address (src/features/car-page/ui/not-found-car.ts): asks GET /api/stock/car
 * for the car, then shows it with "This car's page is being prepared" and a link to enquire, or
 * says it is no longer listed with a link to the cars for sale (or, when the API cannot be
 * reached, that it could not be looked up). Any other address keeps the page as built. Elements are made with textContent only: the
 * answer is stock data and is never read as HTML.
 */
import { stockCarPath } from '../../../contract/routes.ts';
import type { StockCarAnswer } from '../../stock/contract/stock-car.ts';
import { carFallback, carSlugOf, CHECKING_TEXT, uncheckedFallback, type CarFallback } from './not-found-car.ts';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Replaces the page's heading and text with the fallback. */
export function showFallback(root: HTMLElement, view: CarFallback): void {
  const heading = root.querySelector('h1');
  const body = root.querySelector<HTMLElement>('[data-not-found-body]');
  if (!heading || !body) return;
  body.replaceChildren();
  if (view.kind === 'gone') {
    heading.textContent = view.heading;
    body.append(el('p', '', view.message));
    const link = el('a', 'btn btn-solid', view.listingText);
    link.href = view.listingHref;
    body.append(el('p', ''));
    body.lastElementChild!.append(link);
    return;
  }
  heading.textContent = view.name;
  const card = el('div', 'not-found-car');
  const img = el('img', 'not-found-car-photo');
  img.src = view.photo;
  img.alt = view.hasPhoto ? view.name : '';
  img.width = 640;
  img.height = 400;
  card.append(img);
  const facts = el('div', 'not-found-car-facts');
  for (const p of view.prices) {
    const line = el('p', 'not-found-car-price', p.text);
    if (p.note) line.append(' ', el('span', 'not-found-car-price-note', p.note));
    facts.append(line);
  }
  if (view.km) facts.append(el('p', 'not-found-car-km', view.km));
  facts.append(el('p', 'not-found-car-note', view.message));
  const actions = el('p', 'not-found-car-actions');
  const enquire = el('a', 'btn btn-solid', view.enquireText);
  enquire.href = view.enquireHref;
  const others = el('a', 'btn btn-outline', view.listingText);
  others.href = view.listingHref;
  actions.append(enquire, others);
  facts.append(actions);
  card.append(facts);
  body.append(card);
}

export async function startCarFallback(doFetch: typeof fetch = fetch): Promise<void> {
  const root = document.querySelector<HTMLElement>('[data-car-fallback]');
  const slug = carSlugOf(location.pathname);
  if (!root || !slug) return;
  const heading = root.querySelector('h1');
  if (heading) heading.textContent = CHECKING_TEXT;
  const links = { enquiry: root.dataset.enquiry || undefined, listing: root.dataset.listing || undefined };
  try {
    const res = await doFetch(stockCarPath(slug), { headers: { accept: 'application/json' } });
    if (res.status === 404) return showFallback(root, carFallback(undefined, links));
    if (!res.ok) throw new Error(`status ${res.status}`);
    const answer = (await res.json()) as StockCarAnswer;
    showFallback(root, carFallback(answer.car, links));
  } catch {
    showFallback(root, uncheckedFallback(links));
  }
}
