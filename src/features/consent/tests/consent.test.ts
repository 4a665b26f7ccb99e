/**
 * Consent before tags, video and chat (content format 1.2 `consent`, `chat`, cars' `video_url`):
 * the remembered choice (parse, store, version), the Consent Mode v2 arguments, the head scripts
 * run as a browser would run them, the page shell with and without something needing consent, the
 * video addresses (YouTube no-cookie, Vimeo dnt), the SMS link and the sites' policy.
 */
import { runInNewContext } from 'node:vm';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import SiteLayout from '../../../layouts/SiteLayout.astro';
import { siteSchema } from '../../../content/site.ts';
import type { DealerContent } from '../../../content/load.ts';
import {
  ACCEPT_ALL,
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  REJECT_ALL,
  TAGS_EVENT,
  consentConfig,
  consentDefaultArgs,
  consentUpdateArgs,
  effectiveConsent,
  grantsTags,
  parseConsent,
  serializeConsent,
} from '../rules/consent.ts';
import { START_TAGS_SCRIPT, consentHeadScript } from '../rules/head-script.ts';
import { carSmsBody, chatFallbackPath, chatHost, smsHref, smsNumber } from '../rules/chat.ts';
import { videoSource } from '../../car-page/rules/video.ts';
import { contentSecurityPolicy } from '../../../engine/build/site-files.ts';
import { carPageHtml, fixtureWith, sectionOf, testCar } from '../../../../tests/helpers/car-page.ts';
import { fixtureDealer } from '../../../../tests/helpers/render.ts';

describe('the remembered choice', () => {
  it('round-trips through storage with its version and day', () => {
    const text = serializeConsent({ analytics: true, marketing: false }, new Date('2026-03-04T10:00:00Z'));
    expect(JSON.parse(text)).toEqual({ v: CONSENT_VERSION, analytics: true, marketing: false, at: '2026-03-04' });
    expect(parseConsent(text)).toEqual({ analytics: true, marketing: false });
  });

  it('is asked again when it was made under another version of the policy', () => {
    const old = serializeConsent(ACCEPT_ALL, new Date(), CONSENT_VERSION - 1);
    expect(parseConsent(old)).toBeUndefined();
    expect(parseConsent(serializeConsent(ACCEPT_ALL, new Date(), 2), 2)).toEqual(ACCEPT_ALL);
  });

  it('ignores what is missing, unreadable or incomplete', () => {
    for (const text of [
      null,
      undefined,
      '',
      'yes',
      '{',
      'null',
      '[]',
      '{"v":1,"analytics":true}',
      '{"v":1,"analytics":"yes","marketing":false}',
    ])
      expect(parseConsent(text), String(text)).toBeUndefined();
  });

  it('defaults to nothing when opting in and to everything under a notice, until the visitor chooses', () => {
    expect(effectiveConsent('opt_in', undefined)).toEqual(REJECT_ALL);
    expect(effectiveConsent('notice', undefined)).toEqual(ACCEPT_ALL);
    expect(effectiveConsent('notice', REJECT_ALL)).toEqual(REJECT_ALL);
    expect(grantsTags(REJECT_ALL)).toBe(false);
    expect(grantsTags({ analytics: true, marketing: false })).toBe(true);
    expect(grantsTags({ analytics: false, marketing: true })).toBe(true);
  });
});

describe('Consent Mode v2 arguments', () => {
  it('defaults every signal to denied when opting in, waiting 500 ms for an update', () => {
    expect(consentDefaultArgs('opt_in')).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
        wait_for_update: 500,
      },
    ]);
    expect(consentDefaultArgs('notice')[2]).toMatchObject({ ad_storage: 'granted', analytics_storage: 'granted' });
  });

  it('updates the ad signals from marketing and analytics_storage from analytics', () => {
    expect(consentUpdateArgs({ analytics: true, marketing: false })).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' },
    ]);
    expect(consentUpdateArgs({ analytics: false, marketing: true })[2]).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
    });
  });
});

describe('what a site needs', () => {
  it('asks for consent only with a container or a chat script, in the mode the dealer set', () => {
    expect(consentConfig({})).toBeUndefined();
    expect(consentConfig({ analytics: { gtmId: 'not-a-container' }, chat: { script_url: '  ' } })).toBeUndefined();
    expect(consentConfig({ analytics: { gtmId: 'GTM-ABC123' } })).toEqual({ mode: 'opt_in', gtmId: 'GTM-ABC123' });
    expect(consentConfig({ consent: { mode: 'notice' }, chat: { script_url: '/chat.js' } })).toEqual({
      mode: 'notice',
      chatScript: '/chat.js',
    });
  });

  it('reads consent and chat from site.json, refusing a chat script that is neither https nor a site path', () => {
    const base = { id: 1, slug: 'a', name: 'A', url: 'https://a.com.au', country: 'AU' };
    const site = siteSchema.parse({
      ...base,
      consent: { mode: 'notice' },
      chat: { sms: '0400 111 222', script_url: 'https://chat.example.com/w.js' },
    });
    expect(site.consent).toEqual({ mode: 'notice' });
    expect(site.chat).toEqual({ sms: '0400 111 222', script_url: 'https://chat.example.com/w.js' });
    for (const script_url of ['http://chat.example.com/w.js', 'javascript:alert(1)', '//evil.example/x.js', 'w.js'])
      expect(siteSchema.safeParse({ ...base, chat: { script_url } }).success, script_url).toBe(false);
    expect(siteSchema.safeParse({ ...base, consent: { mode: 'always' } }).success).toBe(false);
  });
});

/** Runs the head scripts as the page does, with a stored choice; what they pushed and loaded. */
function runHead(mode: 'opt_in' | 'notice', stored: string | null) {
  const appended: { src: string; async: boolean }[] = [];
  const events: string[] = [];
  const win: Record<string, unknown> & { dataLayer?: unknown[] } = {
    dispatchEvent: (e: { type: string }) => events.push(e.type),
  };
  const doc = {
    createElement: () => ({ src: '', async: false }),
    head: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
  };
  const storage = { getItem: (key: string) => (key === CONSENT_STORAGE_KEY ? stored : null) };
  class FakeEvent {
    constructor(public type: string) {}
  }
  const run = (source: string) =>
    runInNewContext(source, { window: win, document: doc, localStorage: storage, Event: FakeEvent });
  run(consentHeadScript({ mode, gtmId: 'GTM-ABC123' }));
  const beforeStart = appended.length;
  run(START_TAGS_SCRIPT);
  const calls = (win.dataLayer ?? []).map((e) =>
    Object.prototype.toString.call(e) === '[object Arguments]' ? [...(e as unknown[])] : e,
  );
  return { win, calls, appended, beforeStart, events };
}

describe('the head scripts', () => {
  it('opting in, first visit: the default is denied, as arguments, and no container loads', () => {
    const { calls, appended } = runHead('opt_in', null);
    expect(calls).toEqual([consentDefaultArgs('opt_in')]);
    expect(appended).toEqual([]);
  });

  it('a remembered grant: the default, the update, then the container, once, after the page view could be pushed', () => {
    const { win, calls, appended, beforeStart, events } = runHead(
      'opt_in',
      serializeConsent({ analytics: true, marketing: false }),
    );
    expect(calls.slice(0, 2)).toEqual([
      consentDefaultArgs('opt_in'),
      consentUpdateArgs({ analytics: true, marketing: false }),
    ]);
    expect(calls[2]).toMatchObject({ event: 'gtm.js' });
    expect(beforeStart).toBe(0);
    expect(appended).toEqual([{ src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123', async: true }]);
    expect(events).toEqual([TAGS_EVENT]);
    (win.dealerLoadTags as () => void)();
    expect(appended).toHaveLength(1);
  });

  it('a remembered refusal, or a choice of an older version, loads nothing', () => {
    expect(runHead('opt_in', serializeConsent(REJECT_ALL)).appended).toEqual([]);
    const old = runHead('opt_in', serializeConsent(ACCEPT_ALL, new Date(), CONSENT_VERSION + 1));
    expect(old.appended).toEqual([]);
    expect(old.calls).toEqual([consentDefaultArgs('opt_in')]);
  });

  it('under a notice the container loads at once with granted defaults, and not after an opt-out', () => {
    const notice = runHead('notice', null);
    expect(notice.calls[0]).toEqual(consentDefaultArgs('notice'));
    expect(notice.appended).toHaveLength(1);
    const out = runHead('notice', serializeConsent(REJECT_ALL));
    expect(out.calls[1]).toEqual(consentUpdateArgs(REJECT_ALL));
    expect(out.appended).toEqual([]);
  });
});

describe('the page shell', () => {
  async function render(site: Record<string, unknown>): Promise<string> {
    const base = await fixtureDealer();
    const dealer: DealerContent = { ...base, site: siteSchema.parse({ ...base.site, ...site }) };
    const container = await AstroContainer.create();
    return container.renderToString(SiteLayout, {
      props: { dealer, path: '/about', title: 'About', description: 'About us.' },
    });
  }

  it('a site with neither a container nor a chat script ships no consent script, banner or link', async () => {
    const html = await render({ analytics: undefined, chat: { sms: '0400 111 222' } });
    expect(html).not.toContain('data-consent');
    expect(html).not.toContain('gtag(');
    expect(html).not.toContain('googletagmanager');
    expect(html).not.toContain('Cookie settings');
    expect(html).not.toContain('data-chat');
  });

  it('a site with a container: the consent default in the head, the banner (labelled, hidden until needed) and the footer link', async () => {
    const html = await render({ analytics: { gtmId: 'GTM-ABC123' } });
    expect(html).toContain('gtag(\'consent\',\'default\',{"ad_storage":"denied"');
    expect(html).toMatch(/<dialog class="consent" aria-labelledby="consent-title" data-consent="opt_in">/);
    expect(html).toContain('href="/privacy-policy"');
    expect(html).toMatch(
      /<button type="button" class="consent-link" data-consent-open hidden>Cookie settings<\/button>/,
    );
    // The container is not written into the page: only the loader can ask for it.
    expect(html).not.toMatch(/<script[^>]+googletagmanager/);
  });

  it('a chat script: the chat button, sending the shopper to the contact page when chat fails', async () => {
    const html = await render({ chat: { script_url: 'https://chat.example.com/w.js' } });
    expect(html).toMatch(/data-chat="https:\/\/chat\.example\.com\/w\.js"/);
    expect(html).toContain('data-chat-host="chat.example.com"');
    expect(html).toContain('data-consent="opt_in"');
    expect(html).not.toContain("gtag('consent'");
  });
});

describe('video addresses', () => {
  it('embeds YouTube from youtube-nocookie.com, from every address form, keeping a start time', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/k9Lx4TQ2vWs?autoplay=1&rel=0';
    for (const url of [
      'https://www.youtube.com/watch?v=k9Lx4TQ2vWs',
      'https://youtube.com/watch?feature=share&v=k9Lx4TQ2vWs',
      'https://m.youtube.com/watch?v=k9Lx4TQ2vWs',
      'https://youtu.be/k9Lx4TQ2vWs',
      'https://www.youtube.com/shorts/k9Lx4TQ2vWs',
      'https://www.youtube.com/embed/k9Lx4TQ2vWs',
      'https://www.youtube-nocookie.com/embed/k9Lx4TQ2vWs',
    ])
      expect(videoSource(url), url).toEqual({
        provider: 'youtube',
        id: 'k9Lx4TQ2vWs',
        embedUrl: embed,
        watchUrl: 'https://www.youtube.com/watch?v=k9Lx4TQ2vWs',
      });
    expect(videoSource('https://youtu.be/k9Lx4TQ2vWs?t=1m30s')).toMatchObject({
      embedUrl: 'https://www.youtube-nocookie.com/embed/k9Lx4TQ2vWs?autoplay=1&rel=0&start=90',
      watchUrl: 'https://www.youtube.com/watch?v=k9Lx4TQ2vWs&t=90s',
    });
  });

  it("embeds Vimeo with dnt=1, keeping an unlisted video's hash", () => {
    expect(videoSource('https://vimeo.com/76979871')).toEqual({
      provider: 'vimeo',
      id: '76979871',
      embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
      watchUrl: 'https://vimeo.com/76979871',
    });
    expect(videoSource('https://vimeo.com/76979871/abc123def0')?.['embedUrl' as never]).toBe(
      'https://player.vimeo.com/video/76979871?h=abc123def0&dnt=1&autoplay=1',
    );
    expect(videoSource('https://player.vimeo.com/video/76979871?h=abc123def0')).toMatchObject({
      id: '76979871',
      watchUrl: 'https://vimeo.com/76979871/abc123def0',
    });
    expect(videoSource('https://vimeo.com/channels/staffpicks/76979871')).toMatchObject({ id: '76979871' });
  });

  it('plays a video file natively, on the site or elsewhere', () => {
    expect(videoSource('/videos/showroom.mp4')).toEqual({
      provider: 'file',
      src: '/videos/showroom.mp4',
      watchUrl: '/videos/showroom.mp4',
    });
    expect(videoSource('https://cdn.example.com/walk.MP4')).toMatchObject({
      provider: 'file',
      src: 'https://cdn.example.com/walk.MP4',
    });
  });

  it('leaves other addresses to the plain link, and refuses what is no video address', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/@dealer',
      'https://vimeo.com/about',
      'https://example.com/video',
      '/videos/showroom',
      'javascript:alert(1)',
      'https://evil.example/?youtu.be/k9Lx4TQ2vWs',
      undefined,
    ])
      expect(videoSource(url), String(url)).toBeUndefined();
  });

  it('on the car page: a Vimeo slide asks in place for consent, naming Vimeo; a file gets no consent question', async () => {
    const dealer = await fixtureWith();
    const vimeo = sectionOf(
      await carPageHtml(dealer, testCar({ video_url: 'https://vimeo.com/76979871' })),
      'vdp-gallery',
    );
    expect(vimeo).toContain('data-player="https://player.vimeo.com/video/76979871?dnt=1&amp;autoplay=1"');
    expect(vimeo).toContain('This video is on Vimeo, which may set cookies.');
    const file = sectionOf(await carPageHtml(dealer, testCar({ video_url: '/videos/showroom.mp4' })), 'vdp-gallery');
    expect(file).toContain('data-provider="file"');
    expect(file).not.toContain('data-video-consent');
  });
});

describe('click-to-SMS', () => {
  it('keeps the digits (and a leading +) of the number', () => {
    expect(smsNumber(' (02) 4323 1100 ')).toBe('0243231100');
    expect(smsNumber('+61 400 111 222')).toBe('+61400111222');
    expect(smsNumber('call us')).toBeUndefined();
    expect(smsNumber(undefined)).toBeUndefined();
  });

  it('writes sms:<number>?&body= with the whole body percent-encoded', () => {
    const body = carSmsBody('2019 Toyota Kluger GXL & "Grande"', 'K#12');
    expect(body).toBe(
      'Hi, I\'m interested in the 2019 Toyota Kluger GXL & "Grande" (stock no. K#12). Is it still available?',
    );
    const href = smsHref('0400 111 222', body)!;
    expect(href.startsWith('sms:0400111222?&body=')).toBe(true);
    expect(href).not.toMatch(/[ +#"]|&(?!body=)/);
    expect(decodeURIComponent(href.slice('sms:0400111222?&body='.length))).toBe(body);
    expect(smsHref('', 'x')).toBeUndefined();
    expect(carSmsBody('2020 Mazda CX-5')).toBe("Hi, I'm interested in the 2020 Mazda CX-5. Is it still available?");
  });

  it('puts "Text us" in both action groups of a car page when the dealer takes texts, and nowhere otherwise', async () => {
    const car = testCar();
    const html = await carPageHtml(await fixtureWith({ chat: { sms: '0400 111 222', script_url: undefined } }), car);
    const links = [...html.matchAll(/<a class="btn btn-secondary vdp-action vdp-action-sms" href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(links).toHaveLength(2);
    expect(links[0]).toMatch(
      /^sms:0400111222\?&amp;body=Hi%2C%20I'm%20interested%20in%20the%202019%20Toyota%20Aqua%20S/,
    );
    expect(await carPageHtml(await fixtureWith(), car)).not.toContain('vdp-action-sms');
  });
});

describe('chat', () => {
  it('falls back to the contact page, saying why, and names a vendor host that is not the site', () => {
    expect(chatFallbackPath({ pages: [{ path: '/contact' }] as never })).toBe('/contact?chat=unavailable');
    expect(chatFallbackPath({ pages: [{ path: '/contact-us' }] as never })).toBe('/contact-us?chat=unavailable');
    expect(chatFallbackPath({ pages: [] })).toBe('/?chat=unavailable');
    expect(chatHost('https://widget.chat.example/x.js', 'https://www.dealer.com.au')).toBe('widget.chat.example');
    expect(chatHost('/chat.js', 'https://www.dealer.com.au')).toBeUndefined();
  });
});

describe("the sites' policy", () => {
  const hashes = { scripts: [], styles: [] };
  it("frames only the video players the cars use, and the chat vendor's origin", async () => {
    const base = await fixtureDealer();
    const frames = (d: DealerContent) => /frame-src ([^;]*)/.exec(contentSecurityPolicy(d, hashes))![1]!.split(' ');
    expect(frames({ ...base, cars: [] })).toEqual(["'self'"]);
    const withVideos = {
      ...base,
      cars: [testCar({ video_url: 'https://youtu.be/k9Lx4TQ2vWs' }), testCar({ video_url: 'https://vimeo.com/1234' })],
    };
    expect(frames(withVideos)).toEqual(["'self'", 'https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
    const chat: DealerContent = {
      ...base,
      cars: [],
      site: { ...base.site, chat: { sms: undefined, script_url: 'https://chat.example.com/w.js' } },
    };
    expect(frames(chat)).toContain('https://chat.example.com');
    expect(contentSecurityPolicy(chat, hashes)).toMatch(/connect-src [^;]*https:\/\/chat\.example\.com/);
  });
});
