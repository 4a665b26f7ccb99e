/**
 * The spec's quoted texts and fixed values that live inside objects or functions rather than in a
 * constant of their own: each held by a plain assertion on the named export (or on the output of
 * the exported function that holds the literal), so that rewording one fails here.
 */
import { describe, expect, it } from 'vitest';
import { defaultCategoryOrder } from '../../../src/blocks/team/staff.ts';
import { SERVICE_CONFIRMATION } from '../../../src/blocks/success/success-texts.ts';
import { carPath } from '../../../src/domain/routes.ts';
import { formatYears } from '../../../src/features/finance/rules/finance.ts';
import { messages } from '../../../src/forms/messages.ts';
import { LOCALES } from '../../../src/lib/locale.ts';
import { priceQualifierLabel } from '../../../src/lib/text.ts';
import { smsHref } from '../../../src/features/consent/rules/chat.ts';
import { cutoffs } from '../../../src/site/cutoffs.ts';
import { VIDEO_FRAME_SOURCES, videoSource } from '../../../src/features/car-page/rules/video.ts';
import { formBlockData } from '../../../src/content/forms.ts';

describe('Published-date cutoffs', () => {
  it('are the spec dates, one named flag each', () => {
    expect(cutoffs).toEqual({
      displayHeadings: '2024-01-29',
      containedBlocks: '2024-03-05',
      pillButtons: '2024-03-13',
      cardShadows: '2024-04-18',
      formOptIn: '2024-06-03',
      formStepHeadings: '2024-06-24',
      roomyBlocks: '2024-11-04',
      stackedBannerText: '2024-12-18',
      wideGutters: '2025-04-02',
    });
  });
});

describe('Form messages quoted by the spec', () => {
  it('asks for a dealership location', () => {
    expect(messages.location).toBe('*Please select a dealership location');
  });
  it('asks to agree to the terms', () => {
    expect(messages.terms).toBe('*You must agree to the terms of use before submitting.');
  });
  it('asks to complete the step', () => {
    expect(messages.stepIncomplete).toBe('Please complete the form step before proceeding');
  });
  it('says an error occurred', () => {
    expect(messages.submitError).toBe('An error occurred');
  });
  it('says a field is required', () => {
    expect(messages.required).toBe('*This field is required');
  });
});

describe('New Zealand sites', () => {
  const nz = LOCALES.NZ;
  it('are governed by New Zealand law under the Privacy Act 2020', () => {
    expect(nz.legal.governingLaw(undefined)).toBe('New Zealand');
    expect(nz.legal.privacyAct).toBe('the Privacy Act 2020 (NZ)');
  });
  it('label the trade-in kilometres and comments', () => {
    expect(nz.forms.tradeIn.kmsLabel).toBe('Vehicle Kilometers');
    expect(nz.forms.tradeIn.commentsLabel).toBe('Additional Comments');
  });
  it('leave Australian sites with Kms and Comments', () => {
    expect(LOCALES.AU.forms.tradeIn.kmsLabel).toBe('Kms');
    expect(LOCALES.AU.forms.tradeIn.commentsLabel).toBe('Comments');
  });
});

describe('Staff categories', () => {
  it('are ordered as the spec lists them', () => {
    expect(defaultCategoryOrder).toEqual([
      'management',
      'sales',
      'pre-owned',
      'pre-owned sales',
      'new vehicle sales',
      'fleet',
      'finance',
      'car buying',
      'service',
      'parts',
      'administration',
    ]);
  });
});

describe('Fixed texts and paths', () => {
  it('confirms a service booking within 24-48 hours', () => {
    expect(SERVICE_CONFIRMATION).toBe(
      'A team member will confirm the requested date/time within 24-48 hours by phone call or SMS.',
    );
  });
  it('labels a drive-away price', () => {
    expect(priceQualifierLabel('drive_away')).toBe('Drive away');
  });
  it('puts a car at /cars/<slug>', () => {
    expect(carPath({ slug: 'mazda-cx-5-abc' } as Parameters<typeof carPath>[0])).toBe('/cars/mazda-cx-5-abc');
  });
  it('writes a loan term in years', () => {
    expect(formatYears(1)).toBe('1 year');
    expect(formatYears(5)).toBe('5 years');
  });
  it('embeds video from youtube-nocookie and Vimeo only', () => {
    expect(VIDEO_FRAME_SOURCES).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
  });
  it('opens an SMS with the body encoded', () => {
    expect(smsHref('0412 345 678', 'Hi & bye')).toMatch(/^sms:[+\d]+\?&body=Hi%20%26%20bye$/);
  });
});

describe('Embedded video', () => {
  it('plays YouTube from youtube-nocookie.com', () => {
    const source = videoSource('https://www.youtube.com/watch?v=abcdefghijk');
    expect(source && 'embedUrl' in source ? source.embedUrl : '').toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/abcdefghijk\?/,
    );
  });
  it('plays Vimeo with dnt=1', () => {
    const source = videoSource('https://vimeo.com/123456789');
    const url = new URL(source && 'embedUrl' in source ? source.embedUrl : 'about:blank');
    expect(url.origin + url.pathname).toBe('https://player.vimeo.com/video/123456789');
    expect(url.searchParams.get('dnt')).toBe('1');
  });
});

describe('A form block without its own texts', () => {
  it('is a General Enquiry headed "Submit an Enquiry"', () => {
    const parsed = formBlockData.parse({});
    expect(parsed.category).toBe('General Enquiry');
    expect(parsed.heading).toBe('Submit an Enquiry');
  });
});
