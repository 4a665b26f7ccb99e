/**
 * Mutations of the rows of docs/spec-coverage.md for the build, layout and pages,
 * leads and the API, the industry formats, the showroom design and the structure: the rows
 * before the spec's own sections.
 * Listed by ../list.ts.
 */
import { b, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Opt-in checkbox from 2024-06-03',
    [u('lib-cutoffs'), u('forms-shared')],
    [
      {
        id: 'state-opt-in-cutoff',
        find: '    if (layoutFlags(ctx.publishedAt).formOptIn) last.fields.push(optInField());',
        replace: '    last.fields.push(optInField());',
        why: 'the opt-in checkbox only from 2024-06-03',
        tests: [u('forms-shared')],
      },
    ],
  ),

  ...row(
    'Unknown block type: renders nothing, one warning',
    [u('content-load'), u('registry')],
    [
      {
        id: 'build-unknown-warning',
        find: '  return `unknown block type "${type}" on page ${page} renders nothing${meant ? `: did you mean "${meant}"?` : \'\'}`;',
        replace: '  return `unknown block on page ${page}${meant ? `: did you mean "${meant}"?` : \'\'}`;',
        why: 'the warning names the type and the page',
      },
      {
        id: 'build-unknown-kept-out',
        find: '        });\n      }\n      return;\n    }\n    const parsed = blockDataSchemas',
        replace: '        });\n      }\n    }\n    const parsed = blockDataSchemas',
        why: 'an unknown block is left out of the page',
      },
    ],
  ),
  ...row(
    'Rich text sanitised at build time',
    [u('lib-sanitize'), b('paragraph')],
    [
      {
        id: 'build-sanitize-schemes',
        find: "  allowedSchemes: ['http', 'https', 'mailto', 'tel'],",
        replace: "  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'javascript'],",
        why: 'no javascript: link reaches a page',
      },
      {
        id: 'build-sanitize-blank',
        find: "      if (out.target === '_blank') out.rel = 'noopener noreferrer';",
        replace: '',
        why: 'links opening a new tab get noopener',
      },
    ],
  ),
  ...row(
    'Published-date cutoffs 2024-01-29',
    [u('lib-cutoffs')],
    [
      {
        id: 'build-cutoff-classes',
        find: "    .map((f) => `rev-${f.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`)",
        replace: '    .map((f) => `rev-${f}`)',
        why: 'each flag is a rev-* class on <body>',
      },
      {
        id: 'build-cutoff-day',
        find: '  const m = /^(\\d{4}-\\d{2}-\\d{2})/.exec(publishedAt.trim());\n  if (m) return m[1]!;',
        replace: '  const m = /^(\\d{4}-\\d{2}-\\d{2})/.exec(publishedAt.trim());',
        why: 'the published day is taken as written',
      },
    ],
  ),
  ...row(
    'A profile page shows the member',
    [u('api-leads'), u('api-leads-forgery')],
    [
      {
        id: 'team-enquiry-profile-only',
        find: '    if (member && path)',
        replace: '    if (member)',
        why: 'a member without a profile page has no form to send from',
      },
      {
        id: 'team-enquiry-category',
        find: "export const TEAM_MEMBER_CATEGORY = 'Team Member Enquiry';",
        replace: "export const TEAM_MEMBER_CATEGORY = 'General Enquiry';",
        why: 'the enquiry is a team member enquiry',
        tests: [u('api-leads')],
      },
      {
        id: 'team-enquiry-user-from-page',
        find: '    if (carried !== undefined) values.user = carried;\n    else if',
        replace: '    if',
        why: "the stored user is the profile page's member, whatever the request says",
        tests: [u('api-leads-forgery')],
      },
    ],
  ),
  ...row(
    '0 errors and 0 warnings from the W3C Nu HTML checker',
    [u('page-meta')],
    [
      {
        id: 'outline-slot-headings',
        find: "    if (within.at(-1) === 'astro-island') {",
        replace: "    if (within.includes('astro-island')) {",
        why: "headings in an island's slot (a carousel's cards) are settled like the page's own",
      },
      {
        id: 'outline-siblings',
        find: '    while (sections.length && sections.at(-1)!.written >= level) sections.pop();',
        replace: '    while (sections.length && sections.at(-1)!.written > level) sections.pop();',
        why: 'headings written at one level stay siblings',
      },
    ],
  ),
  ...row(
    'Thank-you pages `noindex` and out of the sitemap',
    [u('html-standards')],
    [
      {
        id: 'seo-thank-you-sitemap',
        find: "  if (route.kind === 'page') return !route.page.noindex && !isThankYouPage(route.page.blocks);",
        replace: "  if (route.kind === 'page') return !route.page.noindex;",
        why: 'thank-you pages stay out of the sitemap',
      },
    ],
  ),
  ...row(
    'Every car price labelled with what it includes',
    [b('cars-block'), u('car-comments')],
    [
      {
        id: 'seo-price-drive-away',
        find: "  if (qualifier === 'drive_away') return 'Drive away';",
        replace: "  if (qualifier === 'drive_away') return 'Drive away price';",
        why: 'a drive-away price says "Drive away"',
      },
      {
        id: 'seo-price-none',
        find: '  return undefined;\n}\n\n/** "Harbour City Toyota | Service"',
        replace: '  return \'Drive away\';\n}\n\n/** "Harbour City Toyota | Service"',
        why: 'no label when the stock does not say',
      },
    ],
  ),
  ...row(
    'Export columns cannot be overwritten by visitor values',
    [u('api-export')],
    [
      {
        id: 'api-export-own-columns',
        find: "  'completed_at',\n",
        replace: '',
        why: "the lead's own fields come first",
      },
    ],
  ),
  ...row(
    'Lead delivery a receiver cannot misdirect or stall',
    [u('api-outbox')],
    [
      {
        id: 'delivery-redirect-manual',
        find: "        redirect: 'manual',",
        replace: "        redirect: 'follow',",
        why: 'fetch never follows a redirect by itself',
      },
      {
        id: 'delivery-redirect-origin',
        find: '      if (next.origin !== origin)',
        replace: "      if (next.origin === 'null')",
        why: 'a redirect to another origin is not followed',
      },
      {
        id: 'delivery-signature-timestamp',
        find: 'update(`${timestamp}.${body}`)',
        replace: 'update(body)',
        why: 'the signature covers the timestamp',
      },
      {
        id: 'delivery-url-at-send',
        find: 'send: (ctx) => sendWebhook(same.url, same.secret, ctx) };',
        replace: 'send: (ctx) => sendWebhook(row.target, same.secret, ctx) };',
        why: 'a lead goes to the webhook URL configured when it is sent',
      },
      {
        id: 'delivery-defer-unreachable',
        find: '    if (unreachable) await this.defer(row, at, retryAt, error!, state);',
        replace: '',
        why: 'a destination that does not answer puts off its other leads',
      },
      {
        id: 'delivery-slots-per-destination',
        find: '    this.inFlight.set(group, (this.inFlight.get(group) ?? 0) + 1);',
        replace: '',
        why: 'a destination has at most its own slots in flight',
      },
      {
        id: 'delivery-runtime-wakes',
        find: '      worker.poke();',
        replace: '',
        why: 'a lead completed during a run is sent without waiting for the run to end',
      },
    ],
  ),
  ...row(
    'Honeypot and per-IP / per-site rate limits',
    [u('api-leads'), u('api-leads-input'), u('api-outbox')],
    [
      {
        id: 'api-honeypot-spam',
        find: '    spam: filled(raw.values[HONEYPOT_FIELD]),',
        replace: '    spam: false,',
        why: 'a filled honeypot marks the lead as spam',
      },
    ],
  ),
  ...row(
    '`404.html`, `sitemap.xml`, `robots.txt`, `_headers`',
    [u('lib-site-files'), u('headers')],
    [
      {
        id: 'site-robots-preview',
        find: "  if (preview) return 'User-agent: *\\nDisallow: /\\n';",
        replace: '',
        why: 'a preview build disallows all robots',
      },
      {
        id: 'site-nosniff',
        find: "    '  X-Content-Type-Options: nosniff',",
        replace: '',
        why: 'every response has nosniff',
      },
      {
        id: 'site-immutable',
        find: "    '  Cache-Control: public, max-age=31536000, immutable',",
        replace: "    '  Cache-Control: public, max-age=3600',",
        why: 'built assets are immutable',
      },
      {
        id: 'site-csp-strict-dynamic',
        find: `  const script = ["'strict-dynamic'", ...hashes.scripts,`,
        replace: '  const script = [...gtm, ...hashes.scripts,',
        why: "scripts run by hash and 'strict-dynamic', never by the tag manager's host",
      },
      {
        id: 'site-csp-no-inline-style',
        find: `: ["'self'", ...hashes.styles];`,
        replace: `: ["'self'", "'unsafe-inline'"];`,
        why: 'no inline style outside the map pages',
      },
    ],
  ),
];
