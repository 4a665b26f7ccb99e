/**
 * The shortlist on pages built as static HTML (the car page, and around the cars island): the
 * header's "Saved" count, the save and compare controls of static cards and of the car page's
 * summary (each inside an element carrying its car's snapshot as `data-card`), the compare bar,
 * and the row of recently viewed cars. Plain DOM code over the shared stores
 * (src/features/shortlist/ui/shortlist-store.ts), so the car page stays within its JavaScript budget.
 */
import {
  $compare,
  $compareNotice,
  $recent,
  $saved,
  removeCompared,
  toggleCompare,
  toggleSaved,
} from './shortlist-store.ts';
import { compareHref, hasCar, isSnapshot, recentToShow, type CarSnapshot } from '../rules/shortlist.ts';

/** The header's "Saved" link: shown with the count once a car is saved (Header.astro). */
export function startHeaderCount(doc: Document = document): void {
  $saved.subscribe((list) => {
    for (const link of doc.querySelectorAll<HTMLElement>('[data-saved-link]')) {
      link.hidden = list.length === 0;
      const count = link.querySelector('[data-saved-count]');
      if (count) count.textContent = String(list.length);
      link.setAttribute('aria-label', `Saved cars (${list.length})`);
    }
  });
}

function snapshotOf(el: HTMLElement): CarSnapshot | undefined {
  try {
    const car: unknown = JSON.parse(el.dataset.card ?? '');
    return isSnapshot(car) ? car : undefined;
  } catch {
    return undefined;
  }
}

/** Brings every static `[data-card]`'s save and compare buttons to life. */
export function bindStaticControls(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-card]')) {
    const car = snapshotOf(el);
    if (!car) continue;
    const save = el.querySelector<HTMLButtonElement>('[data-save-car]');
    const compare = el.querySelector<HTMLButtonElement>('[data-compare-car]');
    save?.addEventListener('click', () => toggleSaved(car));
    compare?.addEventListener('click', () => toggleCompare(car));
    $saved.subscribe((list) => {
      if (!save) return;
      const on = hasCar(list, car.id);
      save.setAttribute('aria-pressed', String(on));
      save.setAttribute('aria-label', on ? `Saved: ${car.title}` : `Save ${car.title}`);
      const text = save.querySelector('[data-save-text]');
      if (text) text.textContent = on ? 'Saved' : 'Save';
    });
    $compare.subscribe((list) => compare?.setAttribute('aria-pressed', String(hasCar(list, car.id))));
  }
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/**
 * The compare tray: the chosen cars (each with a remove button), "Compare (n)" once two are
 * chosen, and what happened to the last choice (a full list) in a status line.
 */
export function startCompareBar(bar: HTMLElement): void {
  const list = bar.querySelector<HTMLElement>('[data-compare-list]')!;
  const action = bar.querySelector<HTMLAnchorElement>('[data-compare-go]')!;
  const hint = bar.querySelector<HTMLElement>('[data-compare-hint]')!;
  const status = bar.querySelector<HTMLElement>('[data-compare-status]')!;
  const render = () => {
    const cars = $compare.get();
    const notice = $compareNotice.get();
    bar.hidden = cars.length === 0 && !notice;
    list.replaceChildren(
      ...cars.map((car) => {
        const remove = el(
          'button',
          { type: 'button', class: 'compare-bar-remove', 'aria-label': `Remove ${car.title} from the comparison` },
          '×',
        );
        remove.addEventListener('click', () => removeCompared(car.id));
        return el(
          'li',
          { class: 'compare-bar-car' },
          el('img', { src: car.photo, alt: '', width: '64', height: '40', loading: 'lazy', decoding: 'async' }),
          el('span', { class: 'compare-bar-title' }, car.title),
          remove,
        );
      }),
    );
    action.href = compareHref(cars.map((c) => c.id));
    action.hidden = cars.length < 2;
    action.textContent = `Compare (${cars.length})`;
    hint.hidden = cars.length !== 1;
    status.textContent = notice;
  };
  $compare.subscribe(render);
  $compareNotice.subscribe(render);
  keepTrayInReach(bar);
}

/**
 * The tray sits above the car page's sticky action bar while that bar shows at the bottom of
 * the screen (phones and tablets), and the page keeps room below its content for the tray.
 */
function keepTrayInReach(bar: HTMLElement): void {
  const doc = bar.ownerDocument;
  const root = doc.documentElement;
  const actions = doc.querySelector<HTMLElement>('.vdp-bar');
  const place = () => {
    const shown = actions && actions.offsetParent !== null ? actions.getBoundingClientRect().height : 0;
    bar.style.setProperty('--compare-tray-bottom', `${Math.round(shown)}px`);
    root.classList.toggle('has-compare-tray', !bar.hidden);
    root.style.setProperty('--compare-tray-space', `${Math.round(bar.hidden ? 0 : bar.offsetHeight)}px`);
  };
  if (typeof ResizeObserver === 'function') {
    const observer = new ResizeObserver(place);
    observer.observe(bar);
    if (actions) observer.observe(actions);
  }
  new MutationObserver(place).observe(bar, { attributes: true, attributeFilter: ['hidden'] });
  place();
}

/** A small card of a recently viewed car. */
function recentCard(car: CarSnapshot): HTMLElement {
  return el(
    'li',
    { class: 'recent-card' },
    el('img', {
      class: 'recent-card-photo',
      src: car.photo,
      alt: '',
      width: '240',
      height: '150',
      loading: 'lazy',
      decoding: 'async',
    }),
    el('p', { class: 'recent-card-title' }, el('a', { href: car.href }, car.title)),
    el(
      'p',
      { class: 'recent-card-price' },
      car.price,
      ...(car.priceNote ? [el('span', { class: 'recent-card-note' }, car.priceNote)] : []),
    ),
  );
}

/** The row of recently viewed cars (not `currentId`); hidden while there is none. */
export function startRecentRow(section: HTMLElement, currentId?: string): void {
  const list = section.querySelector<HTMLElement>('[data-recent-list]')!;
  $recent.subscribe((all) => {
    const cars = recentToShow(all, currentId);
    section.hidden = cars.length === 0;
    list.replaceChildren(...cars.map(recentCard));
  });
}

/** Everything of the shortlist a page holds. */
export function startShortlist(doc: Document = document, currentId?: string): void {
  startHeaderCount(doc);
  bindStaticControls(doc);
  // One tray per page: it is fixed at the bottom of the screen, wherever the page placed it.
  const bar = doc.querySelector<HTMLElement>('[data-compare-bar]');
  if (bar) startCompareBar(bar);
  for (const row of doc.querySelectorAll<HTMLElement>('[data-recent]')) startRecentRow(row, currentId);
}
