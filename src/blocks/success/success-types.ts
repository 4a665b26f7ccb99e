/** The shapes of the thank-you page: the site's options it reads and the view it shows. */
import type { CarCard, Submission } from '../../stores/submission.ts';
import type { ValuationSubject } from '../../features/valuation/rules/valuation.ts';

export type SuccessVariant =
  | 'service-booking'
  | 'online-payment'
  | 'vehicle-reservation'
  | 'finance'
  | 'review'
  | 'valuation'
  | 'test-drive'
  | 'competition'
  | 'survey'
  | 'team-member'
  | 'part-store'
  | 'careers'
  | 'credit-score'
  | 'generic';

/** An admin-defined message (site.options.success.customMessages). */
export interface CustomMessage {
  category: string;
  subcategory?: string;
  offerRejected?: boolean;
  title?: string;
  /** May contain {team_member}. */
  description: string;
}

/** The site's options the thank-you page needs (serialisable: they cross into the island). */
export interface SuccessOptions {
  siteName: string;
  serviceConfirmation?: string;
  freeRideRadiusKm?: number;
  financeText?: string;
  financeLink?: string;
  customMessages: CustomMessage[];
  /**
   * The names of the dealer's team members who can be sent an enquiry (those with a profile page):
   * the only names a team-member-enquiry thank-you shows, so a link cannot make the page say
   * whatever its user parameter holds.
   */
  teamMembers: string[];
  /** The terms of the dealer's conditional trade-in offer (site.json `trade_in.offer`), when it makes one: the valuation panel holds room for it. */
  tradeInOffer?: string;
}

export interface LocationCard {
  id: string;
  name: string;
  address: string;
  phone?: string;
  primary: boolean;
  /** A map search link for directions. */
  mapUrl?: string;
}

export interface SuccessData {
  locations: LocationCard[];
  submission?: Pick<Submission, 'category' | 'values' | 'similarCar' | 'candidateCars'>;
}

export type ScoreTone = 'green' | 'orange' | 'red';

export interface SuccessView {
  variant: SuccessVariant;
  title: string;
  paragraphs: string[];
  buttons: { text: string; href: string; style: 'solid' | 'outline' }[];
  /** The free-ride note of service bookings. */
  note?: string;
  creditScore?: { value: number; tone: ScoreTone; approved: boolean };
  locations?: { cards: LocationCard[]; perRow: boolean };
  /** The vehicle the valuation widget values (valuation-type thank-yous whose form named one). */
  valuation?: ValuationSubject;
  similarCar?: CarCard;
}
