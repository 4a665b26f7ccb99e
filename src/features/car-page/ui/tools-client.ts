/**
 * The car page's small tools in the browser (Trail.astro): "Back to results" returns to the
 * visitor's own search, Share uses the system share sheet where there is one and copies the link
 * elsewhere, Print prints the page's spec sheet (the print styles in car-page.css).
 */
import { resultsUrlFrom } from '../rules/back.ts';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off (private modes, strict cookie settings): the link keeps its listing page.
    return undefined;
  }
}

function startBack(link: HTMLAnchorElement): void {
  const key = link.dataset.key ?? '';
  let paths: string[];
  try {
    paths = JSON.parse(link.dataset.resultsPaths ?? '[]') as string[];
  } catch {
    return;
  }
  const origin = location.origin;
  const store = storage();
  // Opened from a results page: that page's URL is the search (the cars block keeps it in the URL).
  const from = resultsUrlFrom(document.referrer, origin, paths);
  if (from) store?.setItem(key, from);
  const remembered = resultsUrlFrom(store?.getItem(key) ? origin + store.getItem(key) : undefined, origin, paths);
  if (remembered) link.href = remembered;
  link.addEventListener('click', (e) => {
    // Straight from the results: going back also restores where the visitor had scrolled to.
    if (
      from &&
      from === remembered &&
      history.length > 1 &&
      !e.metaKey &&
      !e.ctrlKey &&
      !e.shiftKey &&
      e.button === 0
    ) {
      e.preventDefault();
      history.back();
    }
  });
}

function startShare(button: HTMLButtonElement, status: HTMLElement | null): void {
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  button.hidden = false;
  button.addEventListener(
    'click',
    () =>
      void (async () => {
        const url = location.href.split('#')[0]!;
        const title = button.dataset.title ?? document.title;
        if (typeof navigator.share === 'function') {
          try {
            await navigator.share({ title, url });
            return;
          } catch (err) {
            // Closing the share sheet is not a failure; anything else falls back to copying.
            if ((err as Error).name === 'AbortError') return;
          }
        }
        try {
          await navigator.clipboard.writeText(url);
          say('Link copied');
        } catch {
          say(`Copy this link: ${url}`);
        }
      })(),
  );
}

export function startCarTools(): void {
  const back = document.querySelector<HTMLAnchorElement>('[data-back]');
  if (back) startBack(back);
  const share = document.querySelector<HTMLButtonElement>('[data-share]');
  if (share) startShare(share, document.querySelector('[data-share-status]'));
  const print = document.querySelector<HTMLButtonElement>('[data-print]');
  if (print) {
    print.hidden = false;
    print.addEventListener('click', () => window.print());
  }
  // A printed spec sheet lists every feature, including those behind "Show all".
  let opened: HTMLDetailsElement[] = [];
  window.addEventListener('beforeprint', () => {
    opened = [...document.querySelectorAll<HTMLDetailsElement>('details.vdp-more:not([open])')];
    for (const d of opened) d.open = true;
  });
  window.addEventListener('afterprint', () => {
    for (const d of opened) d.open = false;
    opened = [];
  });
}
