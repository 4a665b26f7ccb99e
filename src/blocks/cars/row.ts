/**
 * A home page's short cars block is a row, not a search: one swipeable row of the latest cars
 * with "View all" to the listing, never page buttons (1 to 7) or a last card alone on its line.
 * A stock listing (a sidebar's worth of cars per page, or show-all-cars) stays a search anywhere.
 */
import { hasSidebar } from '../../features/search/rules/cars-search.ts';

/** The home page's path. */
export const HOME_PATH = '/';

/** Cars a row holds: the rest are one "View all" away. */
export const ROW_CARS = 12;

export function isCarsRow(pagePath: string, perPage: number, showAll: boolean): boolean {
  return pagePath === HOME_PATH && !showAll && !hasSidebar(perPage);
}

/** Cars per request of a row: a full row, whatever the block's page size was. */
export function rowHitsPerPage(perPage: number): number {
  return Math.max(perPage, ROW_CARS);
}
