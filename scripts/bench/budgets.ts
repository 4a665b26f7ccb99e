/**
 * Size budgets per page template: the most a single built page may weigh, gzipped, as HTML and
 * as JavaScript (script files it loads, their static imports, and inline scripts). The figures
 * are the heaviest sample pages at the time they were set, with a little headroom: a change that
 * pushes a page over is a regression to look at, not a number to raise without a reason.
 * tests/unit/engine/page-scripts.test.ts holds every sample page to them; `npm run bench` reports the
 * synthetic fleet against them.
 */
import type { Template } from './bench-templates.ts';

export interface Budget {
  /** Gzipped HTML of the page, KB. */
  htmlGzKB: number;
  /** Gzipped JavaScript the page loads or holds inline, KB. */
  jsGzKB: number;
}

export const PAGE_BUDGETS: Record<Template, Budget> = {
  home: { htmlGzKB: 16, jsGzKB: 185 },
  'page, interactive blocks': { htmlGzKB: 14, jsGzKB: 165 },
  // No block that can ship JavaScript: only JSON-LD and the Tag Manager snippet inline, and on a
  // site that asks for consent the banner and the chat button (2.1 to 3.2 KB gz measured when set).
  'page, static blocks': { htmlGzKB: 10, jsGzKB: 4 },
  // The model page's forms carry the trade-in and valuation forms' Find my car and the error
  // summary of a refused Submit (160.3 KB gz at most measured when raised from 160).
  model: { htmlGzKB: 12, jsGzKB: 163 },
  // Everything a car page can load: gallery, video, enquiry form, reservation form, shortlist,
  // consent and chat (140.5 KB gz at most measured when set; 60 KB of it before any interaction).
  // Raised from 145 when the cards' market position learnt to add a state's estimated government
  // charges to an "excl. govt charges" price (145.4 KB gz at most measured then).
  car: { htmlGzKB: 15, jsGzKB: 146 },
  // A profile ends with an enquiry form to the member, as a car page does.
  team: { htmlGzKB: 9, jsGzKB: 135 },
  // As static pages: the consent banner and chat button only where the site asks for consent.
  legal: { htmlGzKB: 6, jsGzKB: 4 },
  // As legal pages, plus the script that shows a car imported since the build at its address
  // (2.8 KB gz; 5.9 KB gz for the whole page at most, measured when set, consent and chat included).
  '404': { htmlGzKB: 5, jsGzKB: 7 },
  // The saved-cars and compare pages: the header and footer, and a React island that draws the
  // list (React itself is most of it; 79.2 KB gz measured when set).
  shortlist: { htmlGzKB: 6, jsGzKB: 85 },
  // The online deal page (/deal): the header and footer and the deal builder's React island, with
  // its step forms and the reservation checkout's start (110.4 KB gz measured when set).
  deal: { htmlGzKB: 6, jsGzKB: 115 },
};

export interface PageWeight {
  htmlGzBytes: number;
  jsGzBytes: number;
}

/** What a page of `template` weighing `w` exceeds its budget by, in words; undefined when within. */
export function overBudget(template: Template, w: PageWeight): string | undefined {
  const b = PAGE_BUDGETS[template];
  const over: string[] = [];
  if (w.htmlGzBytes > b.htmlGzKB * 1024)
    over.push(`HTML ${(w.htmlGzBytes / 1024).toFixed(1)} KB gz > ${b.htmlGzKB} KB`);
  if (w.jsGzBytes > b.jsGzKB * 1024) over.push(`JS ${(w.jsGzBytes / 1024).toFixed(1)} KB gz > ${b.jsGzKB} KB`);
  return over.length ? over.join(', ') : undefined;
}
