/**
 * The layout judge of every built page (tests/e2e/pages.spec.ts), in Chromium:
 *  - 390 px: no horizontal overflow (naming the element that sticks out), no raw HTML tags or
 *    escaped entities in the visible text, and no two text boxes drawn over each other;
 *  - 1366 px: no horizontal overflow, and the site header is one row.
 */
import type { Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1366, height: 768 };

export interface LayoutFindings {
  scrollWidth: number;
  innerWidth: number;
  /** Elements that reach past the right edge while their parent does not: where an overflow starts. */
  overflowing: string[];
  /** Visible text that looks like an HTML tag or an escaped entity. */
  rawMarkup: string[];
  /** Pairs of text boxes drawn over each other. */
  overlaps: string[];
  /** How many rows the header's visible parts take. */
  headerRows: number;
  headerDetail: string;
}

/**
 * Runs in the page (serialised by page.evaluate, so it refers to nothing outside itself).
 *
 * Overlapping text: the boxes are those of the text itself (the client rects of each element's own
 * text nodes, one per line), not of the elements, so padding and an inline link's bounding box over
 * two lines do not count. Left out, on purpose and only these:
 *  - text an ancestor with overflow other than visible clips away entirely: carousel slides off
 *    screen, collapsed panels, visually hidden text (clipped to 1 px);
 *  - text in, or under, a fixed, sticky or absolutely positioned element: sticky bars and the
 *    designed overlays (a badge on a photo, an open menu) are meant to lie over other content;
 *  - a pair where one element contains the other (a link in its paragraph).
 */
function layoutProbe(options: { overlaps: boolean; header: boolean }): LayoutFindings {
  const TOLERANCE = 3;
  const width = window.innerWidth;
  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const classes = [...el.classList]
      .slice(0, 3)
      .map((c) => `.${c}`)
      .join('');
    const parent =
      el.parentElement && el.parentElement !== document.body
        ? `${describe(el.parentElement).split(' > ').pop()} > `
        : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${parent}${el.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
  };
  const clipsX = (el: Element) => {
    const s = getComputedStyle(el);
    return s.overflowX !== 'visible' || s.contain.includes('paint');
  };

  // Overflow: elements whose right edge passes the viewport, not clipped by a scrolling or hidden
  // ancestor, whose parent stays inside (the element where the overflow begins).
  const overflowing: string[] = [];
  const scrollWidth = document.scrollingElement!.scrollWidth;
  if (scrollWidth > width) {
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 1) continue;
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (clipsX(a)) {
          clipped = true;
          break;
        }
      if (clipped) continue;
      const p = el.parentElement;
      if (p && p !== document.body && p.getBoundingClientRect().right > width + 1) continue;
      overflowing.push(`${describe(el)} (right edge ${Math.round(r.right)} px)`);
      if (overflowing.length >= 5) break;
    }
  }

  // Raw markup: what a visitor reads must not show tags or entities that escaped twice.
  const rawMarkup: string[] = [];
  const visibleText = document.body.innerText;
  for (const m of visibleText.matchAll(
    /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|&(?:[a-z]{2,8}|#\d{2,6}|#x[0-9a-f]{2,6});/gi,
  )) {
    const at = m.index ?? 0;
    rawMarkup.push(visibleText.slice(Math.max(0, at - 30), at + m[0].length + 30).replace(/\s+/g, ' '));
    if (rawMarkup.length >= 5) break;
  }

  const overlaps: string[] = [];
  if (options.overlaps) {
    type Box = { el: Element; rects: DOMRect[] };
    const boxes: Box[] = [];
    const ignoredUnder = new Map<Element, boolean>();
    const isOverlayOrBar = (el: Element): boolean => {
      const known = ignoredUnder.get(el);
      if (known !== undefined) return known;
      const pos = getComputedStyle(el).position;
      const result =
        pos === 'fixed' ||
        pos === 'sticky' ||
        pos === 'absolute' ||
        (!!el.parentElement && isOverlayOrBar(el.parentElement));
      ignoredUnder.set(el, result);
      return result;
    };
    type Clip = { left: number; top: number; right: number; bottom: number };
    const clips = new Map<Element, Clip>();
    /** The area of the page an element's content can show in: its clipping ancestors' boxes, intersected. */
    const clipOf = (el: Element | null): Clip => {
      if (!el || el === document.documentElement)
        return { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
      const known = clips.get(el);
      if (known) return known;
      const outer = clipOf(el.parentElement);
      const s = getComputedStyle(el);
      let clip = outer;
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible' || s.clipPath !== 'none' || s.clip !== 'auto') {
        const c = el.getBoundingClientRect();
        clip = {
          left: Math.max(outer.left, c.left),
          top: Math.max(outer.top, c.top),
          right: Math.min(outer.right, c.right),
          bottom: Math.min(outer.bottom, c.bottom),
        };
      }
      clips.set(el, clip);
      return clip;
    };
    /** The part of a text rect every clipping ancestor lets through. */
    const visiblePart = (el: Element, r: DOMRect): DOMRect | undefined => {
      const c = clipOf(el.parentElement);
      const left = Math.max(r.left, c.left),
        top = Math.max(r.top, c.top),
        right = Math.min(r.right, c.right),
        bottom = Math.min(r.bottom, c.bottom);
      return right - left > 1 && bottom - top > 1 ? new DOMRect(left, top, right - left, bottom - top) : undefined;
    };
    const selector = 'h1, h2, h3, h4, h5, h6, p, a, button, label, li, dt, dd, span, summary, legend, th, td';
    for (const el of document.body.querySelectorAll(selector)) {
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (!own.length) continue;
      // Not rendered: display none, visibility hidden, opacity 0, or inside a closed <details> or
      // another content-visibility: hidden subtree (whose boxes the browser still reports).
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }))
        continue;
      if (isOverlayOrBar(el)) continue;
      const rects: DOMRect[] = [];
      for (const node of own) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          const v = r.width > 1 && r.height > 1 ? visiblePart(el, r) : undefined;
          if (v) rects.push(v);
        }
      }
      if (rects.length) boxes.push({ el, rects });
    }
    // Sweep by top edge: only boxes whose vertical spans meet are compared.
    const lines = boxes.flatMap((b) => b.rects.map((r) => ({ box: b, r }))).sort((a, b) => a.r.top - b.r.top);
    const reported = new Set<string>();
    for (let i = 0; i < lines.length && overlaps.length < 5; i++) {
      const a = lines[i]!;
      for (let j = i + 1; j < lines.length && lines[j]!.r.top < a.r.bottom - TOLERANCE; j++) {
        const b = lines[j]!;
        if (a.box === b.box || a.box.el.contains(b.box.el) || b.box.el.contains(a.box.el)) continue;
        const dx = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const dy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (dx <= TOLERANCE || dy <= TOLERANCE) continue;
        const key = `${describe(a.box.el)} ⨯ ${describe(b.box.el)}`;
        if (reported.has(key)) continue;
        reported.add(key);
        overlaps.push(
          `${key} (${Math.round(dx)}×${Math.round(dy)} px at ${Math.round(Math.max(a.r.left, b.r.left))},${Math.round(Math.max(a.r.top, b.r.top) + window.scrollY)})`,
        );
        if (overlaps.length >= 5) break;
      }
    }
  }

  // Header rows: the visible parts of the header's main row (the row holding the home link: logo,
  // phone, navigation items, menu button) must all cross one horizontal line. A utility strip
  // above that row is a bar of its own by design, not a wrapped row.
  let headerRows = 0;
  let headerDetail = '';
  if (options.header) {
    const header = document.querySelector('body > header, header.site-header') ?? document.querySelector('header');
    if (header) {
      const row = header.querySelector('a[href="/"]')?.parentElement ?? header;
      const candidates = [...row.querySelectorAll(':scope > *, nav li')].filter((el) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return (
          r.width > 1 &&
          r.height > 1 &&
          el.checkVisibility({ visibilityProperty: true }) &&
          s.position !== 'absolute' &&
          s.position !== 'fixed'
        );
      });
      // The smallest parts only: a navigation that wraps is as tall as both its rows.
      const parts = candidates.filter((el) => !candidates.some((o) => o !== el && el.contains(o)));
      const rows: { top: number; bottom: number; items: string[] }[] = [];
      for (const el of parts) {
        const r = el.getBoundingClientRect();
        const row = rows.find((x) => r.top < x.bottom - TOLERANCE && r.bottom > x.top + TOLERANCE);
        if (row) {
          row.top = Math.min(row.top, r.top);
          row.bottom = Math.max(row.bottom, r.bottom);
          row.items.push(describe(el));
        } else rows.push({ top: r.top, bottom: r.bottom, items: [describe(el)] });
      }
      headerRows = rows.length;
      headerDetail = rows
        .map(
          (x, i) =>
            `row ${i + 1} (${Math.round(x.top)}-${Math.round(x.bottom)} px): ${x.items.slice(0, 4).join(', ')}${x.items.length > 4 ? '…' : ''}`,
        )
        .join(' | ');
    }
  }

  return { scrollWidth, innerWidth: width, overflowing, rawMarkup, overlaps, headerRows, headerDetail };
}

/** Loads the page at phone width, waits for web fonts (they change text widths), then measures. */
/** The phone findings of a page loaded at PHONE size, once its web fonts (which change text widths) are in. */
export async function measurePhone(page: Page): Promise<LayoutFindings> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(layoutProbe, { overlaps: true, header: false });
}

/** Whether the page as it is now scrolls sideways, and the elements where the overflow begins. */
export async function measureOverflow(page: Page): Promise<LayoutFindings> {
  return page.evaluate(layoutProbe, { overlaps: false, header: false });
}

/** Widens the page to LAPTOP size and measures it there (the page stays at that size). */
export async function measureLaptop(page: Page): Promise<LayoutFindings> {
  await page.setViewportSize(LAPTOP);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(layoutProbe, { overlaps: false, header: true });
}

export function layoutProblems({ phone, laptop }: { phone: LayoutFindings; laptop: LayoutFindings }): string[] {
  const out: string[] = [];
  const overflow = (width: number, f: LayoutFindings) => {
    if (f.scrollWidth > f.innerWidth) {
      const who = f.overflowing.length
        ? f.overflowing.join('; ')
        : 'no single element found (a pseudo-element or a transform?)';
      out.push(
        `${width} px: the page scrolls sideways (scrollWidth ${f.scrollWidth} > ${f.innerWidth}); sticking out: ${who}`,
      );
    }
  };
  overflow(PHONE.width, phone);
  for (const m of phone.rawMarkup) out.push(`390 px: raw markup in the visible text: "${m}"`);
  for (const o of phone.overlaps) out.push(`390 px: text drawn over other text: ${o}`);
  overflow(LAPTOP.width, laptop);
  if (laptop.headerRows > 1)
    out.push(`1366 px: the header wraps onto ${laptop.headerRows} rows: ${laptop.headerDetail}`);
  return out;
}
