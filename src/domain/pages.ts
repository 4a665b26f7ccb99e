/**
 * The pages built from data rather than CMS snapshots: one per car in stock, one per model
 * without a page of its own and one per team member with a profile page. The build renders them
 * (src/features/car-page/ui/CarPage.astro, ModelPage.astro and TeamPage.astro) and the lead route
 * finds a form on them by page id, so both read the ids, titles and blocks from here.
 */
import type { Block } from '../content/blocks.ts';
import type { Car, Model, StaffMember } from '../content/entities.ts';
import type { DealerContent } from '../content/load.ts';
import { block, defaultModelBlocks } from './default-pages.ts';
import { carPath, modelPath, profileHref, type Route } from './routes.ts';
import { teamMemberFormData } from './team.ts';
import { walkBlocks } from '../content/block-tree.ts';
import { oncePer } from '../lib/memo.ts';

/** Where a form's visitor lands when the dealer has no page with a thank-you block. */
export const DEFAULT_SUCCESS_PATH = '/thank-you';

const successPageOf = oncePer(
  (pages: DealerContent['pages']): string =>
    pages.find((p) => [...walkBlocks(p.blocks)].some((b) => b.type === 'success'))?.path ?? DEFAULT_SUCCESS_PATH,
);

/**
 * The path of the dealer's page holding a `success` block, else /thank-you. Every form of a build
 * asks, so the answer is kept per list of pages (content is not changed once loaded).
 */
export function successPath(dealer: Pick<DealerContent, 'pages'>): string {
  return successPageOf(dealer.pages);
}

/** The page id of a car's page: "car-<slug>". */
export const carPageId = (car: Pick<Car, 'slug'>) => `car-${car.slug}`;

/** The page id of a model's generated page: "model-<slug>". */
export const modelPageId = (model: Pick<Model, 'slug'>) => `model-${model.slug}`;

/** A car page's title: "2021 Toyota Corolla Ascent Sport" (the badge only when it has one). */
export function carTitle(car: Pick<Car, 'year' | 'make' | 'model' | 'badge'>): string {
  return `${car.year} ${car.make} ${car.model}${car.badge ? ' ' + car.badge : ''}`;
}

/** The enquiry form of a car page: a contact form in the new or used vehicle enquiry category. */
export function carEnquiryBlock(car: Pick<Car, 'car_type' | 'make' | 'model'>): Block {
  return block(
    'form',
    {
      formType: 'contact',
      category: car.car_type === 'new' ? 'New Vehicle Enquiry' : 'Used Vehicle Enquiry',
      heading: `Enquire about this ${car.make} ${car.model}`,
    },
    0,
  );
}

/** The page id of a team member's profile page: "team-<slug>". */
export const teamPageId = (member: Pick<StaffMember, 'slug'>) => `team-${member.slug}`;

/** A team member's profile page title: "Jane Citizen, Sales Consultant". */
export function teamPageTitle(member: Pick<StaffMember, 'name' | 'position'>): string {
  return `${member.name}${member.position ? ', ' + member.position : ''}`;
}

/** The enquiry form of a team member's profile page. */
export function teamEnquiryBlock(member: Pick<StaffMember, 'name'>): Block {
  return block('form', { ...teamMemberFormData(member) }, 0);
}

export interface GeneratedPage {
  page: { id: string; title: string; path: string; publishedAt: string };
  blocks: Block[];
}

/**
 * The generated page with this id, as its template builds it, or undefined when the dealer has
 * none. Generated pages follow the newest layout: `today` is their publishing date.
 */
export function generatedPage(
  dealer: Pick<DealerContent, 'cars' | 'models' | 'team' | 'site'>,
  pageId: string,
  today: string,
): GeneratedPage | undefined {
  if (pageId.startsWith('model-')) {
    const model = dealer.models.find((m) => modelPageId(m) === pageId);
    if (model)
      return {
        page: { id: pageId, title: model.name, path: modelPath(model), publishedAt: today },
        blocks: defaultModelBlocks(model),
      };
  }
  if (pageId.startsWith('car-')) {
    const car = dealer.cars.find((c) => carPageId(c) === pageId);
    if (car)
      return {
        page: { id: pageId, title: carTitle(car), path: carPath(car), publishedAt: today },
        blocks: [carEnquiryBlock(car)],
      };
  }
  if (pageId.startsWith('team-')) {
    const member = dealer.team.find((m) => teamPageId(m) === pageId);
    const path = member && profileHref(dealer.site, member);
    if (member && path)
      return {
        page: { id: pageId, title: teamPageTitle(member), path, publishedAt: today },
        blocks: [teamEnquiryBlock(member)],
      };
  }
  return undefined;
}

/**
 * The blocks a route renders: a snapshot page's own, a model page's default template, the enquiry
 * that ends a car or team profile page; none for the legal and not-found pages, which have no
 * blocks. What a page can ship as JavaScript follows from these (src/site/interactive-blocks.ts).
 */
export function routeBlocks(route: Route): Block[] {
  switch (route.kind) {
    case 'page':
      return route.page.blocks;
    case 'model':
      return defaultModelBlocks(route.model);
    case 'car':
      return [carEnquiryBlock(route.car)];
    case 'team':
      return [teamEnquiryBlock(route.member)];
    default:
      return [];
  }
}
