import { describe, expect, it } from 'vitest';
import { chooseSuccess, parseSuccessQuery, type CustomMessage, type SuccessOptions } from './success.ts';

const withMessages = (customMessages: CustomMessage[]): SuccessOptions => ({
  siteName: 'Dealer',
  customMessages,
  teamMembers: ['Priya'],
});
const view = (search: string, messages: CustomMessage[]) =>
  chooseSuccess(parseSuccessQuery(search), withMessages(messages), { locations: [] });

describe('thank-you page: custom messages', () => {
  it('matches the category and subcategory whatever their spelling', () => {
    const v = view('?category=service-booking&subcategory=express-service', [
      { category: 'Service Booking', description: 'Any service.' },
      {
        category: 'Service Booking',
        subcategory: 'Express Service',
        title: 'Express booked',
        description: 'See you soon.',
      },
    ]);
    expect(v.title).toBe('Express booked');
    expect(v.paragraphs).toEqual(['See you soon.']);
    expect(v.buttons.map((b) => b.text)).toEqual(['Return home', 'Return to service']);
  });

  it('falls back to the entry with an empty subcategory', () => {
    const v = view('?category=service-booking&subcategory=other', [
      { category: 'service-booking', subcategory: 'express-service', description: 'Express.' },
      { category: 'service-booking', subcategory: '', description: 'Any service.' },
    ]);
    expect(v.paragraphs).toEqual(['Any service.']);
    expect(v.title).toBe('Thank you for your Booking Request');
  });

  it('keeps the built-in text when no entry matches', () => {
    const v = view('?category=review', [{ category: 'service-booking', description: 'x' }]);
    expect(v.paragraphs[0]).toContain('experience');
  });

  it('uses the general-enquiry entry when there is no category', () => {
    expect(view('', [{ category: 'general-enquiry', description: 'Hello there.' }]).paragraphs).toEqual([
      'Hello there.',
    ]);
  });

  it('matches valuation messages on the offer-rejected flag too', () => {
    const messages: CustomMessage[] = [
      {
        category: 'valuation-enquiry',
        offerRejected: true,
        title: 'Thanks for considering our offer',
        description: 'Ryan will call.',
      },
      { category: 'valuation-enquiry', description: 'Your valuation is on its way.' },
    ];
    const rejected = view('?category=valuation-enquiry&offer_rejected=1', messages);
    expect(rejected.variant).toBe('generic');
    expect(rejected.title).toBe('Thanks for considering our offer');
    const accepted = view('?category=valuation-enquiry', messages);
    expect(accepted.variant).toBe('valuation');
    expect(accepted.paragraphs).toEqual(['Your valuation is on its way.']);
  });

  it('ignores the offer-rejected flag outside valuation-type categories', () => {
    expect(
      view('?category=review&offer_rejected=1', [{ category: 'review', description: 'Cheers.' }]).paragraphs,
    ).toEqual(['Cheers.']);
  });

  it('replaces {team_member} with the user name, or our team', () => {
    const messages: CustomMessage[] = [
      { category: 'team-member-enquiry', description: '{team_member} will call you back. Thanks from {team_member}.' },
    ];
    expect(view('?category=team-member-enquiry&user=Priya', messages).paragraphs).toEqual([
      'Priya will call you back. Thanks from Priya.',
    ]);
    expect(view('?category=team-member-enquiry', messages).paragraphs).toEqual([
      'our team will call you back. Thanks from our team.',
    ]);
    // A name that is none of the dealer's team members is never put in the dealer's words.
    expect(view('?category=team-member-enquiry&user=Call%200900%20SCAM', messages).paragraphs).toEqual([
      'our team will call you back. Thanks from our team.',
    ]);
  });

  it('allows a custom competition title and description', () => {
    const v = view('?category=competition-enquiry', [
      { category: 'competition-enquiry', title: "You're in the draw!", description: 'Winners drawn 30 June.' },
    ]);
    expect(v.title).toBe("You're in the draw!");
    expect(view('?category=competition-enquiry', []).title).toBe('Thanks for entering!');
  });
});
