/**
 * The thank-you page (spec §2 "Success"): which variant a visitor sees, from the query string
 * (category, subcategory, offer_rejected, user, selectedLocations), the site's options and what the
 * form kept of the submission. Pure: the island reads the URL and storage, this decides.
 */
import type { CarCard } from '../../stores/submission.ts';
import { successTexts } from './success-texts.ts';
import { submittedValue, valuationSubject } from '../../features/valuation/rules/valuation.ts';
import type {
  CustomMessage,
  LocationCard,
  ScoreTone,
  SuccessData,
  SuccessOptions,
  SuccessVariant,
  SuccessView,
} from './success-types.ts';

export type {
  CustomMessage,
  LocationCard,
  ScoreTone,
  SuccessData,
  SuccessOptions,
  SuccessVariant,
  SuccessView,
} from './success-types.ts';

/** "Service Booking", "service_booking" and "service-booking" all become "service-booking". */
export function slug(text: string | undefined): string {
  return (text ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface SuccessQuery {
  category?: string;
  subcategory?: string;
  offerRejected: boolean;
  /** The team member's name (team-member-enquiry only; shown only when it is one of SuccessOptions.teamMembers). */
  user?: string;
  /** Location ids for the test-drive cards; empty means the primary locations. */
  selectedLocations: string[];
  /** A credit score passed by the scoring form. */
  score?: number;
}

export function parseSuccessQuery(search: string): SuccessQuery {
  const q = new URLSearchParams(search);
  const text = (name: string) => q.get(name)?.trim() || undefined;
  const rejected = q.get('offer_rejected');
  const rawScore = text('score') ?? text('credit_score');
  const score = rawScore === undefined ? Number.NaN : Number(rawScore);
  return {
    category: text('category'),
    subcategory: text('subcategory'),
    offerRejected: rejected !== null && !/^(false|0|no)$/i.test(rejected.trim()),
    user: text('user'),
    selectedLocations: q
      .getAll('selectedLocations')
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean),
    score: Number.isFinite(score) ? score : undefined,
  };
}

/** Spec §9: 400 or more is green (approved), 300-399 orange, below 300 red. */
export const SCORE_APPROVED = 400;
export const SCORE_ORANGE = 300;

export function scoreTone(score: number): ScoreTone {
  if (score >= SCORE_APPROVED) return 'green';
  if (score >= SCORE_ORANGE) return 'orange';
  return 'red';
}

/** The service interval whose booking is complimentary: no free-ride note for it. */
export const COMPLIMENTARY_INTERVAL = '3,000km or 3 months';

export const VALUATION_CATEGORIES = ['valuation-enquiry', 'sell-my-car-enquiry', 'trade-in-enquiry'];
const CAREERS = ['careers-enquiry', 'career-enquiry'];
const VEHICLE_ENQUIRIES = ['new-vehicle-enquiry', 'used-vehicle-enquiry'];

function variantFor(category: string, subcategory: string, offerRejected: boolean): SuccessVariant {
  switch (category) {
    case 'service-booking':
      return 'service-booking';
    case 'online-payment':
      return 'online-payment';
    case 'vehicle-reservation':
      return 'vehicle-reservation';
    case 'finance-lender':
    case 'finance-enquiry':
      return 'finance';
    case 'review':
      return 'review';
    case 'test-drive-booking':
      return 'test-drive';
    case 'competition-enquiry':
      return 'competition';
    case 'survey':
      return 'survey';
    case 'team-member-enquiry':
      return 'team-member';
    case 'part-store-payment':
      return 'part-store';
    case 'credit-score-result':
      return 'credit-score';
    case 'general-enquiry':
      return CAREERS.includes(subcategory) ? 'careers' : 'generic';
  }
  if (VALUATION_CATEGORIES.includes(category)) return offerRejected ? 'generic' : 'valuation';
  return 'generic';
}

/**
 * The admin's message for this category: the entry for the subcategory, else the entry with no
 * subcategory. Valuation-type entries also match on the offerRejected flag (absent = false).
 */
export function customMessageFor(
  messages: CustomMessage[],
  category: string,
  subcategory: string,
  offerRejected: boolean,
): CustomMessage | undefined {
  const valuation = VALUATION_CATEGORIES.includes(category);
  const candidates = messages.filter(
    (m) => slug(m.category) === category && (!valuation || (m.offerRejected ?? false) === offerRejected),
  );
  return (
    (subcategory ? candidates.find((m) => slug(m.subcategory) === subcategory) : undefined) ??
    candidates.find((m) => !slug(m.subcategory))
  );
}

/** A stock car like the visitor's vehicle: same make and model, else same make, else the first. */
function similarCarTo(values: Record<string, unknown> | undefined, cars: CarCard[] | undefined): CarCard | undefined {
  if (!cars?.length) return undefined;
  const make = submittedValue(values, 'make', 'Vehicle Make')?.toLowerCase();
  const model = submittedValue(values, 'model', 'Vehicle Model')?.toLowerCase();
  const sameMake = cars.filter((c) => c.make.toLowerCase() === make);
  return sameMake.find((c) => c.model.toLowerCase() === model) ?? sameMake[0] ?? cars[0];
}

function testDriveCards(locations: LocationCard[], selected: string[]): LocationCard[] {
  if (selected.length) return locations.filter((l) => selected.includes(l.id));
  const primary = locations.filter((l) => l.primary);
  // A dealer that marks no location primary still shows where to come.
  return primary.length ? primary : locations;
}

/** The user parameter when it is exactly the name of one of the dealer's team members, else undefined. */
export function knownMember(
  user: string | undefined,
  options: Pick<SuccessOptions, 'teamMembers'>,
): string | undefined {
  return user !== undefined && options.teamMembers.includes(user) ? user : undefined;
}

export function chooseSuccess(query: SuccessQuery, options: SuccessOptions, data: SuccessData): SuccessView {
  const category = slug(query.category) || 'general-enquiry';
  const subcategory = slug(query.subcategory);
  const variant = variantFor(category, subcategory, query.offerRejected);
  const teamMember = (category === 'team-member-enquiry' ? knownMember(query.user, options) : undefined) ?? 'our team';
  const values = data.submission?.values;
  const view: SuccessView = { variant, ...successTexts(variant, { options, teamMember, subcategory }) };

  if (variant === 'service-booking' && options.freeRideRadiusKm) {
    const interval = submittedValue(values, 'Service Interval');
    if (interval !== COMPLIMENTARY_INTERVAL) {
      view.note = `Need a lift? We offer a free ride within ${options.freeRideRadiusKm} km of our service centre while your car is with us.`;
    }
  }
  if (variant === 'credit-score') {
    const score = query.score ?? Number(submittedValue(values, 'credit_score') ?? NaN);
    if (Number.isFinite(score))
      view.creditScore = { value: score, tone: scoreTone(score), approved: score >= SCORE_APPROVED };
  }
  if (variant === 'test-drive') {
    const cards = testDriveCards(data.locations, query.selectedLocations);
    if (cards.length) view.locations = { cards, perRow: cards.length <= 3 };
  }
  if (variant === 'valuation') {
    const subject = valuationSubject(values);
    if (subject) view.valuation = subject;
    view.similarCar = similarCarTo(values, data.submission?.candidateCars);
  }
  if (variant === 'generic' && VEHICLE_ENQUIRIES.includes(category) && data.submission?.similarCar) {
    view.similarCar = data.submission.similarCar;
  }

  const custom = customMessageFor(options.customMessages, category, subcategory, query.offerRejected);
  if (custom) {
    if (custom.title) view.title = custom.title;
    view.paragraphs = [custom.description.replaceAll('{team_member}', teamMember)];
  }
  return view;
}
