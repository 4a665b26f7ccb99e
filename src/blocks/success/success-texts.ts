/** The words and buttons of each thank-you variant (spec §2; quoted texts are the spec's). */
import type { SuccessOptions, SuccessVariant, SuccessView } from './success-types.ts';
import { safeHref } from '../../lib/links.ts';

export type { SuccessVariant } from './success-types.ts';

/** Spec §9: the service confirmation window. */
export const SERVICE_CONFIRMATION =
  'A team member will confirm the requested date/time within 24-48 hours by phone call or SMS.';

type Texts = Pick<SuccessView, 'title' | 'paragraphs' | 'buttons'>;
type Button = SuccessView['buttons'][number];

const home: Button = { text: 'Return home', href: '/', style: 'solid' };

interface TextContext {
  options: SuccessOptions;
  /** The team member's name, or 'our team'. */
  teamMember: string;
  subcategory: string;
}

export function successTexts(variant: SuccessVariant, { options, teamMember, subcategory }: TextContext): Texts {
  switch (variant) {
    case 'service-booking':
      return {
        title: 'Thank you for your Booking Request',
        paragraphs: [options.serviceConfirmation || SERVICE_CONFIRMATION],
        buttons: [home, { text: 'Return to service', href: '/service', style: 'outline' }],
      };
    case 'online-payment':
      return {
        title: 'Thanks for your payment',
        paragraphs: ['Your payment has been received. A team member will be in touch if anything else is needed.'],
        buttons: [home],
      };
    case 'vehicle-reservation':
      return {
        title: 'Thanks for your deposit payment',
        paragraphs: [
          'Your deposit has been received and the vehicle is reserved for you. A team member will contact you shortly about the next steps.',
        ],
        buttons: [home],
      };
    case 'finance': {
      const link = safeHref(options.financeLink);
      return {
        title: 'Thanks for your finance enquiry',
        paragraphs: [
          'One of our finance specialists will be in touch shortly to talk through your options.',
          ...(options.financeText ? [options.financeText] : []),
        ],
        buttons: [home, ...(link ? [{ text: 'Find out more', href: link, style: 'outline' as const }] : [])],
      };
    }
    case 'review':
      return {
        title: 'Thanks for your review',
        paragraphs: ['We appreciate you taking the time to tell us about your experience.'],
        buttons: [home],
      };
    case 'valuation':
      return {
        title: 'Thanks for your valuation request',
        paragraphs: ['Our team will review your vehicle details and be in touch with your valuation shortly.'],
        buttons: [home],
      };
    case 'test-drive':
      return {
        title: 'Thanks for booking a test drive',
        paragraphs: ['A team member will contact you shortly to confirm the time. We look forward to seeing you.'],
        buttons: [home],
      };
    case 'competition':
      return {
        title: 'Thanks for entering!',
        paragraphs: ['Your entry has been received. Good luck!'],
        buttons: [home],
      };
    case 'survey':
      return subcategory.includes('choos')
        ? {
            title: `Thanks for choosing ${options.siteName}`,
            paragraphs: ['We appreciate your business and look forward to seeing you again.'],
            buttons: [home],
          }
        : {
            title: 'Thanks for completing the survey',
            paragraphs: ['Your feedback helps us improve.'],
            buttons: [home],
          };
    case 'team-member':
      return {
        title: 'Thanks for your enquiry',
        paragraphs: [`Your message has been sent to ${teamMember}, who will be in touch shortly.`],
        buttons: [home],
      };
    case 'part-store':
      return {
        title: 'Thanks, your parts order has been received',
        paragraphs: [
          'We will email you when your order is ready. A team member will be in touch if we need anything else.',
        ],
        buttons: [
          { text: 'Back to Store', href: '/parts/search', style: 'solid' },
          { text: 'Return to Home', href: '/', style: 'outline' },
        ],
      };
    case 'careers':
      return {
        title: 'Thanks for your interest in joining our team',
        paragraphs: ['We have received your details. If your experience suits one of our roles, we will be in touch.'],
        buttons: [home],
      };
    case 'credit-score':
      return {
        title: 'Thanks for checking your credit score',
        paragraphs: ['A team member will be in touch to talk through your result.'],
        buttons: [home],
      };
    case 'generic':
      return {
        title: 'Thank you for your enquiry',
        paragraphs: ['We have received your details. A member of our team will be in touch shortly.'],
        buttons: [home],
      };
  }
}
