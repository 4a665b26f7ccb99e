/**
 * Hand mutations of rules only a browser or the built site shows: shared Astro components, styles,
 * and island code that runs in Chromium alone (end-to-end specs, run with --e2e). Listed by
 * ../list.ts.
 */
import { row, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Layout revisions take effect',
    [],
    [
      {
        id: 'rules-rev-newest',
        find: '  return layoutClasses(layoutFlags(now.toISOString().slice(0, 10)));',
        replace: "  return '';",
        e2e: ['cutoffs.spec.ts'],
        why: 'pages without a snapshot have the newest layout',
      },
      {
        id: 'rules-rev-display',
        find: '  font-size: clamp(2.25rem, 1.6rem + 2.6vw, 3.5rem);\n',
        replace: '',
        e2e: ['cutoffs.spec.ts'],
        why: 'display headings are larger',
      },
    ],
  ),
  ...row(
    'Thank-you page on load clears',
    [],
    [
      {
        id: 'rules-thank-you-clears',
        find: "  removeKey(browserStorage('session'), VISITED_PAGES_KEY);",
        replace: '',
        e2e: ['thank-you.spec.ts'],
        why: 'the visited pages are cleared',
      },
    ],
  ),
  ...row(
    'Every sample form walked in Chromium',
    [],
    [
      {
        id: 'rules-walk-email',
        find: '    labels.length >= 2 && labels.every((l) => DOMAIN_LABEL.test(l)) && /^\\p{L}{2,63}$/u.test(labels[labels.length - 1]!)\n',
        replace:
          '    labels.length >= 1 && labels.every((l) => DOMAIN_LABEL.test(l)) && /^\\p{L}{2,63}$/u.test(labels[labels.length - 1]!)\n',
        e2e: ['forms-validation.spec.ts'],
        why: 'every sample form refuses an email without a real domain',
      },
    ],
  ),
  ...row(
    'buttons / buttonsTool',
    ['buttons.test.ts'],
    [
      {
        id: 'buttons-outline',
        find: "const solid = button.btnType !== 'outline';",
        replace: 'const solid = true;',
        why: 'outline buttons are outlined',
      },
      {
        id: 'buttons-unsafe-href',
        find: '{href && text.trim() && (',
        replace: '{text.trim() && (',
        why: 'a button with an unsafe or empty link is left out',
      },
    ],
  ),
  ...row(
    'Tabs for model range and offers; carousel position, feature tabs',
    [],
    [
      {
        id: 'state-tabs-read-url',
        find: '    if (param) setSelected(tabIndexFromSearch(window.location.search, param, tabs));',
        replace: '    if (param) setSelected(0);',
        e2e: ['models.spec.ts'],
        why: 'the tab the URL names is selected once the page runs',
      },
      {
        id: 'state-tabs-write-url',
        find: "    if (param)\n      window.history.replaceState(window.history.state, '', hrefWithTab(window.location.href, param, tabs[index]!));\n",
        replace: '',
        e2e: ['models.spec.ts'],
        why: 'choosing a tab writes it to the URL',
      },
    ],
  ),
  ...row(
    'Finance calculator states (event 26 once',
    [],
    [
      {
        id: 'state-finance-event-once',
        find: '    if (tracked.current) return;\n',
        replace: '',
        e2e: ['finance-calculator.spec.ts'],
        why: 'event 26 is sent once',
      },
    ],
  ),
  ...row(
    '§7 brochure download (new window)',
    [],
    [
      {
        id: 'call-brochure-window',
        find: "          window.open(url, '_blank', 'noopener');",
        replace: '          window.location.assign(url);',
        e2e: ['models.spec.ts'],
        why: 'the brochure opens in a new window',
      },
    ],
  ),
  ...row(
    '§4 A server error blocks advancing',
    ['forms-server-error.test.ts'],
    [
      {
        id: 'rules-server-error',
        find: '        if (!left.ok) return show(left);',
        replace: '        if (!left.ok) show(left);',
        why: 'a failed partial save keeps the visitor on the step (the island in Chromium)',
      },
    ],
  ),
  ...row(
    'The booking picker',
    ['forms-validation-picker.test.ts'],
    [
      {
        id: 'rules-picker-days',
        find: '    () => (hours && now ? openDays(hours, DAYS_OFFERED, { now, horizonDays: HORIZON_DAYS }) : []),\n',
        replace:
          '    () =>\n      hours && now ? Array.from({ length: DAYS_OFFERED }, (_, i) => addDays(todayIn(hours.timeZone, now), i)) : [],\n',
        why: 'closed days are not offered (the island in Chromium)',
      },
    ],
  ),
];
