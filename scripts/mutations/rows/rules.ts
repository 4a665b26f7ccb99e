/**
 * Mutations of the rows of "Every rule of the spec, and forms that catch bad data" in
 * docs/spec-coverage.md: the hideButton rule, custom steps, the server error that blocks a step,
 * the 2024-06-24 step headings, the valuation widget and provider, the reviews refresh, the
 * analytics pages, the thank-you page's clearing, the service booking's three steps and the
 * validation of phones, emails, birth dates and booking dates. Listed by ../list.ts.
 */
import { b, e, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Custom rule hide button',
    [u('forms-hide-button')],
    [
      {
        id: 'rules-hide-next',
        find: '  return { back: buttons.back, next: buttons.next || !movesOnByPick(step, values) };',
        replace: '  return { back: buttons.back, next: true };',
        why: 'a hideButton rule hides Next where a pick moves the step on',
      },
      {
        id: 'rules-hide-back',
        find: '  return { back: buttons.back, next: buttons.next || !movesOnByPick(step, values) };',
        replace: '  return { back: true, next: buttons.next || !movesOnByPick(step, values) };',
        why: 'a hideButton rule hides Back',
      },
    ],
  ),
  ...row(
    'Form steps `isCustom` / `customStepKey`',
    [u('forms-custom-steps')],
    [
      {
        id: 'rules-custom-unknown',
        find: '    } else if (step.isCustom && key && !isCustomStepKey(key)) {\n      check.errors.push({\n        dealer: where.dealer,\n',
        replace:
          '    } else if (step.isCustom && key && !isCustomStepKey(key)) {\n      check.warnings.push({\n        dealer: where.dealer,\n',
        why: 'an unknown customStepKey fails the build',
      },
      {
        id: 'rules-custom-days',
        find: 'export const DAYS_OFFERED = 14;',
        replace: 'export const DAYS_OFFERED = 7;',
        why: 'the slot picker offers the next 14 open days',
      },
    ],
  ),
  ...row(
    '§4 A server error blocks advancing',
    [u('forms-server-error')],
    [
      {
        id: 'rules-server-error',
        find: '        if (!left.ok) return show(left);',
        replace: '        if (!left.ok) show(left);',
        why: 'a failed partial save keeps the visitor on the step',
      },
    ],
  ),
  ...row(
    'Cutoff 2024-06-24 (`formStepHeadings`)',
    [b('form-before-hydration')],
    [
      {
        id: 'rules-step-headings',
        find: '    stepHeadings: ctx.flags.formStepHeadings,',
        replace: '    stepHeadings: true,',
        why: 'pages before 2024-06-24 show no step heading',
      },
    ],
  ),
  ...row(
    'Layout revisions take effect',
    [u('lib-cutoffs')],
    [
      {
        id: 'rules-rev-newest',
        find: '  return layoutClasses(layoutFlags(now.toISOString().slice(0, 10)));',
        replace: "  return '';",
        why: 'pages without a snapshot have the newest layout',
        tests: [],
        e2e: [e('cutoffs')],
      },
      {
        id: 'rules-rev-display',
        find: '  font-size: clamp(2.25rem, 1.6rem + 2.6vw, 3.5rem);\n',
        replace: '',
        why: 'display headings are larger',
        tests: [],
        e2e: [e('cutoffs')],
      },
    ],
  ),
  ...row(
    'Valuation thank-you (valuation-, sell-my-car-, trade-in-enquiry)',
    [b('success-variants'), b('valuation-widget')],
    [
      {
        id: 'rules-valuation-rejected',
        find: "  if (VALUATION_CATEGORIES.includes(category)) return offerRejected ? 'generic' : 'valuation';",
        replace: "  if (VALUATION_CATEGORIES.includes(category)) return 'valuation';",
        why: 'offer_rejected uses the default page',
      },
    ],
  ),
  ...row(
    'Valuation provider',
    [u('valuation-model')],
    [
      {
        id: 'rules-valuation-age',
        find: 'export const AGE_YEARLY = 0.93;',
        replace: 'export const AGE_YEARLY = 0.95;',
        why: 'the documented depreciation after five years',
      },
      {
        id: 'rules-valuation-condition',
        find: 'export const CONDITION_FACTOR: Record<VehicleCondition, number> = { excellent: 1.05, good: 1, fair: 0.9, poor: 0.75 };',
        replace:
          'export const CONDITION_FACTOR: Record<VehicleCondition, number> = { excellent: 1, good: 1, fair: 1, poor: 1 };',
        why: 'the condition moves the value',
      },
    ],
  ),
  ...row(
    'Reviews block refreshed from `GET /api/reviews`',
    [b('reviews-refresh')],
    [
      {
        id: 'rules-reviews-newer',
        find: '  if (answered !== had) return answered > had;',
        replace: '  if (answered !== had) return true;',
        why: 'an older answer never replaces the build’s reviews',
      },
      {
        id: 'rules-reviews-count',
        find: '  return answer.count > built.count;',
        replace: '  return false;',
        why: 'the same newest review with a higher count is newer',
      },
    ],
  ),
  ...row(
    'Analytics pages (/finance, /service',
    [u('analytics-pages')],
    [
      {
        id: 'rules-analytics-service',
        find: "  '/service': 'service',\n",
        replace: '',
        why: '/service is an analytics page',
      },
      {
        id: 'rules-analytics-location',
        find: "  return location ? { type: 'contact-location', location } : undefined;",
        replace: '  return undefined;',
        why: '/contact-us/{location} is an analytics page',
      },
    ],
  ),
  ...row(
    'Thank-you page on load clears',
    [u('forms-island-stores')],
    [
      {
        id: 'rules-thank-you-clears',
        find: "  removeKey(browserStorage('session'), VISITED_PAGES_KEY);",
        replace: '',
        why: 'the visited pages are cleared',
        tests: [],
        e2e: [e('thank-you')],
      },
    ],
  ),
  ...row(
    'The manufacturer data layer polled every 300 ms',
    [u('analytics')],
    [
      {
        id: 'rules-poll-300',
        find: 'export const MANUFACTURER_POLL_MS = 300;',
        replace: 'export const MANUFACTURER_POLL_MS = 1000;',
        why: 'the poll is every 300 ms',
      },
    ],
  ),
  ...row(
    'Service booking (page form)',
    [u('forms-service-steps')],
    [
      {
        id: 'rules-service-three',
        find: '  return { ...base, steps: steps.filter((s) => !emptied.has(s) || s.fields.length > 0) };',
        replace: '  return { ...base, steps };',
        why: 'a step whose fields all moved is left out',
      },
      {
        id: 'rules-service-inherit',
        find: '      builtIn ? { ...field, required: field.required ?? builtIn.required, label: field.label ?? builtIn.label } : field,',
        replace: '      field,',
        why: 'a moved field keeps the built-in label and required',
      },
    ],
  ),
  ...row(
    'A finance applicant is 18 to 100',
    [u('forms-validation-dates')],
    [
      {
        id: 'rules-age-min',
        find: '          if (years < age.min) return this.createError({ message: messages.ageMin(age.min, age.purpose) });',
        replace: '',
        why: 'an applicant under 18 is refused',
      },
    ],
  ),
  ...row(
    'Australian and New Zealand phone numbers',
    [u('forms-validation-contact'), u('forms-island-values')],
    [
      {
        id: 'rules-phone-mobile',
        find: '      const mobile = asksForMobile(field.label);',
        replace: '      const mobile = false;',
        why: 'a field labelled mobile takes mobiles only',
      },
      {
        id: 'rules-phone-e164',
        find: '  return normaliseLeadValues(ctx.def, out);',
        replace: '  return out;',
        why: 'the island sends E.164',
        tests: [u('forms-island-values')],
      },
    ],
  ),
  ...row(
    'Emails with a real domain part',
    [u('forms-validation-contact')],
    [
      {
        id: 'rules-email-domain',
        find: '    labels.length >= 2 && labels.every((l) => DOMAIN_LABEL.test(l)) && /^\\p{L}{2,63}$/u.test(labels[labels.length - 1]!)\n',
        replace:
          '    labels.length >= 1 && labels.every((l) => DOMAIN_LABEL.test(l)) && /^\\p{L}{2,63}$/u.test(labels[labels.length - 1]!)\n',
        why: 'a domain has two labels at least',
      },
    ],
  ),
  ...row(
    'Service and test-drive dates only on the chosen location',
    [u('forms-validation-dates')],
    [
      {
        id: 'rules-closed-day',
        find: '          if (!isOpenDay(hours, day))\n            return this.createError({ message: messages.closedDay(hours.name, WEEKDAYS[weekdayOf(day)]) });\n',
        replace:
          '          if (false) return this.createError({ message: messages.closedDay(hours.name, WEEKDAYS[weekdayOf(day)]) });\n',
        why: 'a closed day is refused',
      },
    ],
  ),
  ...row(
    'The API refuses what the form refuses',
    [u('forms-validation-api')],
    [
      {
        id: 'rules-api-phone',
        find: "      test(\n        'phone',\n        mobile ? messages.phoneMobile(country) : messages.phoneFormat,\n        (v) => !phoneProblem(String(v), { country, mobile }),\n      );\n",
        replace: "      test('phone', messages.phoneFormat, () => true);\n",
        why: 'the API refuses a bad phone with the form’s message',
      },
    ],
  ),
  ...row(
    '`POST /api/valuation`',
    [u('valuation-route')],
    [
      {
        id: 'rules-valuation-400',
        find: '    if (!parsed.ok) throw new ApiError(400, parsed.problem.message, parsed.problem.fields);',
        replace: '    if (!parsed.ok) throw new ApiError(400, parsed.problem.message);',
        why: 'a 400 names the fields',
      },
    ],
  ),
  ...row(
    'Prefill from `/book-test-drive?make=`',
    [u('forms-island-values')],
    [
      {
        id: 'rules-prefill-make',
        find: "  for (const name of ['make', 'model_id', 'model_name', 'vehicle']) prefill(name, q.get(name), true);",
        replace: "  for (const name of ['model_id', 'model_name', 'vehicle']) prefill(name, q.get(name), true);",
        why: '?make= prefills the make',
        e2e: [e('prefill')],
      },
      {
        id: 'rules-prefill-vehicle',
        find: "  for (const name of ['make', 'model_id', 'model_name', 'vehicle']) prefill(name, q.get(name), true);",
        replace: "  for (const name of ['make', 'model_id', 'model_name']) prefill(name, q.get(name), true);",
        why: '?vehicle= prefills the vehicle',
        e2e: [e('prefill')],
      },
    ],
  ),
  ...row(
    'The booking picker',
    [u('forms-validation-picker')],
    [
      {
        id: 'rules-picker-days',
        find: '    () => (hours && now ? openDays(hours, DAYS_OFFERED, { now, horizonDays: HORIZON_DAYS }) : []),\n',
        replace:
          '    () =>\n      hours && now ? Array.from({ length: DAYS_OFFERED }, (_, i) => addDays(todayIn(hours.timeZone, now), i)) : [],\n',
        why: 'closed days are not offered',
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
        why: 'every sample form refuses an email without a real domain',
        e2e: [e('forms-validation')],
      },
    ],
  ),
  ...row(
    'Analytics: dataLayer events with the spec ids',
    [u('forms-shared'), u('analytics')],
    [
      {
        id: 'rules-event-20',
        find: '  serviceBooking: 20,',
        replace: '  serviceBooking: 21,',
        why: 'a service booking fires event 20',
      },
    ],
  ),
];
