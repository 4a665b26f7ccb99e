/**
 * BreadcrumbList JSON-LD: where a page sits in the site, Home first. A middle crumb links only to
 * a page the site builds, so a search result never shows a trail through a missing page.
 */
import type { BreadcrumbListLeaf, WithContext } from 'schema-dts';
import type { Block } from '../../content/blocks.ts';
import type { Car, Model, StaffMember } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Page } from '../../content/page.ts';
import { absoluteUrl, carPath, modelPath } from '../../domain/routes.ts';
import { carTitle } from './vehicle.ts';

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(dealer: DealerContent, crumbs: readonly Crumb[]): WithContext<BreadcrumbListLeaf> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(dealer.site, c.path),
    })),
  };
}

const home: Crumb = { name: 'Home', path: '/' };

function pageAt(dealer: DealerContent, path: string): Page | undefined {
  return dealer.pages.find((p) => p.path === path);
}

/** A crumb for the section page at `path`, when the site has that page. */
function section(dealer: DealerContent, path: string, name: string): Crumb[] {
  return pageAt(dealer, path) ? [{ name, path }] : [];
}

const CAR_SECTIONS: Record<Car['car_type'], { path: string; name: string }> = {
  used: { path: '/used-cars', name: 'Used cars' },
  new: { path: '/new-cars', name: 'New cars' },
  demo: { path: '/demo-cars', name: 'Demo cars' },
};

/** Home › Used cars › 2019 Toyota HiLux SR5 */
export function carCrumbs(dealer: DealerContent, car: Car): Crumb[] {
  const { path, name } = CAR_SECTIONS[car.car_type];
  return [home, ...section(dealer, path, name), { name: carTitle(car), path: carPath(car) }];
}

/** Home › New cars › Toyota RAV4 */
export function modelCrumbs(dealer: DealerContent, model: Model): Crumb[] {
  return [home, ...section(dealer, '/new-cars', 'New cars'), { name: model.name, path: modelPath(model) }];
}

function hasBlock(blocks: readonly Block[], type: string): boolean {
  return blocks.some(
    (b) => b.type === type || (b.type === 'columns' && b.data.cols.some((c) => hasBlock(c.blocks as Block[], type))),
  );
}

/** The page that lists the team: one with a team block, preferring one whose path says "team". */
function teamPage(dealer: DealerContent): Page | undefined {
  const listing = dealer.pages.filter((p) => hasBlock(p.blocks, 'team'));
  return listing.find((p) => p.path.includes('team')) ?? listing[0];
}

/** Home › Our team › Jane Citizen */
export function staffCrumbs(dealer: DealerContent, member: StaffMember, path: string): Crumb[] {
  const team = teamPage(dealer);
  return [home, ...(team ? [{ name: 'Our team', path: team.path }] : []), { name: member.name, path }];
}

/**
 * A content page: a model page that has its own snapshot gets the model trail; any other page
 * gets Home, each ancestor path the site has a page for ("/service" above "/service/express"),
 * then itself. The home page has no trail.
 */
export function pageCrumbs(dealer: DealerContent, page: Page): Crumb[] {
  if (page.path === '/') return [];
  const model = dealer.models.find((m) => modelPath(m) === page.path);
  if (model) return modelCrumbs(dealer, model);
  const segments = page.path.split('/').filter(Boolean);
  const ancestors = segments.slice(0, -1).flatMap((_, i) => {
    const parent = pageAt(dealer, '/' + segments.slice(0, i + 1).join('/'));
    return parent ? [{ name: parent.title, path: parent.path }] : [];
  });
  return [home, ...ancestors, { name: page.title, path: page.path }];
}
