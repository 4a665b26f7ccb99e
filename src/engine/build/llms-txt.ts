/**
 * llms.txt (the llms.txt convention: https://llmstxt.org): a plain Markdown page at the site root
 * telling a language model what the dealer is, what it sells and where, with links to the stock,
 * the new-car range, offers, locations, the forms, and the machine interfaces (the MCP server and
 * the OpenAPI document). Made from the dealer's content only, as the build sees it.
 */
import type { DealerContent } from '../../content/load.ts';
import type { Location } from '../../content/entities.ts';
import { absoluteUrl, dealerRoutes, isListed, type Route } from '../../domain/routes.ts';
import { routeBlocks } from '../../domain/pages.ts';
import { selectOffers } from '../../domain/offers.ts';
import { footerHours } from '../../domain/opening-hours-text.ts';
import { isIndexable, walkBlocks } from '../../site/page-blocks.ts';
import { locale } from '../../lib/locale.ts';
import { formatPrice } from '../../lib/text.ts';
import { API_ROUTES } from '../../contract/routes.ts';

/** Where the dealer's MCP server answers (Streamable HTTP), on the site's own origin. */
export const MCP_PATH = '/api/mcp';

/** Text on one line, with the characters that would start Markdown links or emphasis escaped. */
function md(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\[\]*_`<>])/g, '\\$1');
}

/** "a", "a and b", "a, b and c". */
function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const uniqueSorted = (items: (string | undefined)[]) =>
  [...new Set(items.map((s) => s?.trim()).filter((s): s is string => !!s))].sort((a, b) => a.localeCompare(b));

/** The dealer's own locations: those of its site, not the group's other websites'. */
function ownLocations(d: DealerContent): Location[] {
  return d.locations.filter((l) => (l.website_id ?? d.site.id) === d.site.id);
}

/** "12 Bay St, Parramatta NSW 2150" → "Parramatta NSW": the address's last part without its postcode. */
export function placeOf(address: string): string | undefined {
  const last = address
    .split(',')
    .at(-1)
    ?.replace(/\d{4}\s*$/, '')
    .trim();
  return last || undefined;
}

function hasBlock(route: Route, type: string): boolean {
  return [...walkBlocks(routeBlocks(route))].some((b) => b.type === type);
}

const link = (title: string, url: string, note?: string) => `- [${md(title)}](${url})${note ? `: ${note}` : ''}`;

function summary(d: DealerContent, makes: string[], kinds: string[], places: string[]): string {
  const what = kinds.length ? `${list(kinds)} cars` : 'cars';
  const brands = makes.length ? ` (${list(makes.map(md))})` : '';
  const where = places.length ? `${list(places.map(md))}, ${locale(d.site.country).name}` : locale(d.site.country).name;
  return `> ${md(d.site.name)} is a car dealer selling ${what}${brands}, in ${where}.`;
}

function locationLines(location: Location): string[] {
  const phone = location.contact_detail?.phone?.trim();
  const hours = footerHours(location).map((dept) => {
    const lines = dept.lines.map((l) => (l.days ? `${l.days} ${l.hours}` : l.hours)).join('; ');
    return dept.label ? `${dept.label}: ${lines}` : lines;
  });
  return [
    `### ${md(location.name)}`,
    '',
    `- Address: ${md(location.address.address)}`,
    ...(phone ? [`- Phone: ${md(phone)}`] : []),
    ...hours.map((h) => `- Hours: ${md(h)}`),
    ...(location.manufacturers?.length ? [`- Brands: ${list(location.manufacturers.map(md))}`] : []),
    '',
  ];
}

/** The llms.txt of one dealer site. */
export function llmsTxt(d: DealerContent, now: number = Date.now()): string {
  const url = (path: string) => absoluteUrl(d.site, path);
  const routes = dealerRoutes(d, now).filter(isIndexable);
  const listed = d.cars.filter(isListed);
  const locations = ownLocations(d);
  const models = routes.filter((r): r is Extract<Route, { kind: 'model' }> => r.kind === 'model');
  const makes = uniqueSorted([
    ...listed.map((c) => c.make),
    ...d.models.map((m) => m.manufacturer_name),
    ...locations.flatMap((l) => l.manufacturers ?? []),
  ]);
  const kinds = (['new', 'demo', 'used'] as const).filter(
    (k) => listed.some((c) => c.car_type === k) || (k === 'new' && models.length > 0),
  );
  const places = uniqueSorted(locations.map((l) => placeOf(l.address.address)));
  if (!places.length && d.site.state?.trim()) places.push(d.site.state.trim());

  const pages = routes.filter((r): r is Extract<Route, { kind: 'page' }> => r.kind === 'page');
  const stockPages = pages.filter((r) => r.path !== '/' && hasBlock(r, 'cars'));
  const offerPages = pages.filter((r) => r.path !== '/' && hasBlock(r, 'offers'));
  const formPages = pages.filter((r) => hasBlock(r, 'form'));
  const offers = selectOffers(d.offers, d.site);
  const contact = d.site.contact;
  const origin = url('/').replace(/\/$/, '');

  const out = [`# ${md(d.site.name)}`, '', summary(d, makes, kinds, places), ''];
  out.push(
    `This file describes the website of ${md(d.site.name)} (${url('/')}) for language models and assistants. ` +
      `Prices are in ${locale(d.site.country).currency.name}.`,
    '',
  );

  out.push('## Stock', '');
  out.push(
    listed.length
      ? `${listed.length} ${listed.length === 1 ? 'car was' : 'cars were'} listed when the site was built.`
      : 'No cars were listed when the site was built.',
    '',
  );
  for (const r of stockPages) out.push(link(r.page.title, url(r.path)));
  out.push(link('Sitemap (every page, each car’s too)', url('/sitemap.xml')), '');

  if (models.length) {
    out.push('## New-car range', '');
    for (const r of models) {
      const from = r.model.from_price ? `from ${formatPrice(r.model.from_price)}` : undefined;
      out.push(link(r.model.name, url(r.path), from));
    }
    out.push('');
  }

  if (offerPages.length || offers.length) {
    out.push('## Offers', '');
    if (offers.length) out.push(`${offers.length} ${offers.length === 1 ? 'offer' : 'offers'} at build time.`, '');
    for (const r of offerPages) out.push(link(r.page.title, url(r.path)));
    if (offerPages.length) out.push('');
  }

  if (locations.length) {
    out.push('## Locations', '');
    for (const l of locations) out.push(...locationLines(l));
  }

  out.push('## Enquire and book', '');
  if (contact?.phone?.trim()) out.push(`- Phone: ${md(contact.phone)}`);
  if (contact?.email?.trim()) out.push(`- Email: ${md(contact.email)}`);
  for (const r of formPages) out.push(link(r.page.title, url(r.path), 'a form on the page'));
  if (listed.length) out.push('- Each car’s page has its own enquiry form.');
  if (d.site.reservations?.enabled) out.push('- Cars can be reserved online with a deposit, from their pages.');
  if (d.site.online_deal?.enabled) out.push('- A deal can be put together online, from a car’s page.');
  out.push('');

  out.push('## Agents', '');
  out.push(
    link('MCP server', `${origin}${MCP_PATH}`, 'Model Context Protocol, Streamable HTTP transport'),
    link('OpenAPI document', `${origin}${API_ROUTES.openapi}`, 'the public API, OpenAPI 3.1'),
    '',
  );
  return out.join('\n');
}
