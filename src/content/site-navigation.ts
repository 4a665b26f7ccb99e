/**
 * The editor's menus of site.json (content format 1.3 `navigation`): the header's and the footer's
 * links, each with at most one level of children. Absent, the site derives its menus from its pages.
 */
import { z, opt } from './zod.ts';
import { safeHref } from '../lib/links.ts';

/** A link's text: what the visitor reads in the menu. */
const label = z.string().trim().min(1, { error: 'expected the link text, such as "Service"' });

/**
 * Where a menu link goes: a path on the dealer's site ("/service", "/new-cars#offers") or a full
 * address (http(s), mailto or tel). A relative path would change meaning from page to page and a
 * `javascript:` or `data:` link runs code, so both are refused.
 */
const href = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
    const safe = safeHref(value);
    const sitePath = value.startsWith('/') && !value.startsWith('//');
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value);
    if (safe && (sitePath || absolute)) return;
    ctx.addIssue({
      code: 'custom',
      message: safe
        ? `expected a path on the site starting with "/" (such as "/service") or a full address such as "https://www.example.com.au", got ${shown}`
        : `is not a safe link: expected a path on the site such as "/service" or an http(s), mailto or tel address, got ${shown}`,
    });
  });

/** A link inside a top-level item's dropdown (header) or column (footer): it cannot have children of its own. */
const menuChild = z
  .object({
    label,
    href,
    /** Not allowed: menus have one level of children. Present only to be refused with its path. */
    children: z.unknown().optional(),
  })
  .superRefine((item, ctx) => {
    if (item.children === undefined || item.children === null) return;
    ctx.addIssue({
      code: 'custom',
      path: ['children'],
      message: 'a link inside a menu cannot have children of its own: menus have one level of children',
    });
  })
  .transform(({ label, href }) => ({ label, href }));

/** A top-level menu link (content format `MenuItem`). */
export const menuItem = z.object({
  /** The link text, e.g. "New Cars". */
  label,
  /** A site path ("/new-cars") or a full URL; a site path that names no page is a build warning. */
  href,
  /**
   * The links under this one: a dropdown in the header, a column headed by this item in the
   * footer. Absent or empty: a plain link.
   */
  children: opt(z.array(menuChild)),
});

/** (1.3) The editor's menus. Each one absent: derived from the pages, as without `navigation`. */
export const siteNavigation = z.object({
  /** The header's links in order; top-level items with children open a dropdown. */
  header: opt(z.array(menuItem)),
  /** The footer's links: an item with children is a column heading over them; the rest form one list. */
  footer: opt(z.array(menuItem)),
});

export type MenuItem = z.output<typeof menuItem>;
export type SiteNavigation = z.output<typeof siteNavigation>;
