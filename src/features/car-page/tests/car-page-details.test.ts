/**
 * The car page's 1.2 key details (series, drive, engine, doors, build and compliance months), the
 * identity codes kept from shoppers, and the walk-around video link that fetches nothing.
 */
import { describe, expect, it } from 'vitest';
import { driveLabel, specRows } from '../ui/specs.ts';
import { videoHref } from '../rules/gallery.ts';
import { formatDay, formatMonth } from '../../../lib/text.ts';
import { carPageHtml, fixtureWith, sectionOf, testCar, visibleText } from '../../../../tests/helpers/car-page.ts';

const detailed = testCar({
  series: 'MY19',
  drive: 'AWD',
  engine: '3.5L V6',
  doors: 5,
  build_date: '2019-03',
  compliance_date: '2019-05',
  redbook_code: 'AUVTOYO2019AEKL',
  nvic: 'Q9Y19A',
  simple_body: 'SUV',
  transmission: 'Automatic',
});

describe('key details', () => {
  it('adds series, doors, engine, drive and the build and compliance months, in reading order', () => {
    expect(specRows(detailed).map((r) => [r.label, r.value])).toEqual([
      ['Condition', 'Used'],
      ['Year', '2019'],
      ['Series', 'MY19'],
      ['Odometer', '61,234 km'],
      ['Body', 'SUV'],
      ['Doors', '5'],
      ['Fuel', 'Hybrid'],
      ['Engine', '3.5L V6'],
      ['Transmission', 'Automatic'],
      ['Drive', 'AWD'],
      ['Build date', '03/2019'],
      ['Compliance date', '05/2019'],
      ['Registration', 'ABC123'],
      ['VIN', 'NHP10-1234567'],
      ['Location', 'Kiwi Cars Riccarton'],
    ]);
  });

  it('never shows the NVIC or the Redbook code to shoppers', async () => {
    const html = await carPageHtml(await fixtureWith(), detailed);
    const page = visibleText(html);
    expect(page).not.toContain('Q9Y19A');
    expect(page).not.toContain('AUVTOYO2019AEKL');
    expect(page).not.toMatch(/NVIC|Redbook/i);
    expect(visibleText(sectionOf(html, 'vdp-specs', 'dl'))).toContain('Build date 03/2019 Compliance date 05/2019');
  });

  it('reads the drive from the stock’s own field before the badge, and keeps a drive it cannot name as written', () => {
    expect(driveLabel(testCar({ drive: 'Front Wheel Drive', badge: 'GXL AWD' }))).toBe('Front-wheel drive');
    expect(driveLabel(testCar({ drive: '4x4' }))).toBe('4WD');
    expect(driveLabel(testCar({ drive: '2WD', badge: 'GXL AWD' }))).toBe('2WD');
    expect(driveLabel(testCar({ badge: 'GXL AWD' }))).toBe('AWD');
    expect(driveLabel(testCar({ drive: ' ' }))).toBeUndefined();
  });

  it('writes months and days as AU and NZ dealers do, and leaves other text alone', () => {
    expect(formatMonth('2024-03')).toBe('03/2024');
    expect(formatDay('2027-06-30')).toBe('30/06/2027');
    expect(formatMonth('March 2024')).toBe('March 2024');
    expect(formatDay('2027-06')).toBe('2027-06');
  });
});

describe('the walk-around video', () => {
  it("links an absolute http(s) address or a path on the dealer's own site, nothing else", () => {
    expect(videoHref('https://www.youtube.com/watch?v=abc123XYZ_-')).toBe(
      'https://www.youtube.com/watch?v=abc123XYZ_-',
    );
    expect(videoHref(' http://vimeo.com/12345 ')).toBe('http://vimeo.com/12345');
    expect(videoHref('/videos/kluger-walkaround.mp4')).toBe('/videos/kluger-walkaround.mp4');
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/v.mp4',
      '/\\evil.example/v.mp4',
      'www.youtube.com/watch?v=x',
      'https//x',
      'ftp://x/y.mp4',
      '',
      undefined,
    ])
      expect(videoHref(bad), String(bad)).toBeUndefined();
  });

  it("is a slide with a play button on the car's own photo, and a link below, with no player, frame or preload on the page", async () => {
    const url = 'https://www.youtube.com/watch?v=k9Lx4TQ2vWs';
    const html = await carPageHtml(await fixtureWith(), testCar({ video_url: url }));
    const gallery = sectionOf(html, 'vdp-gallery');
    const link = gallery.match(/<a class="vdp-video-link"[^>]*>/)?.[0] ?? '';
    expect(link).toContain(`href="${url}"`);
    expect(link).toContain('target="_blank"');
    expect(link).toMatch(/rel="noopener noreferrer"/);
    expect(visibleText(gallery)).toContain('Watch the video of the 2019 Toyota Aqua S (opens in a new tab)');
    expect(gallery).toContain(`data-video="${url}"`);
    // The slide: the car's own photo as the poster, a button named for the car, the player's address for later.
    const slide = gallery.match(/<li class="vdp-slide vdp-video-slide"[^>]*>/)?.[0] ?? '';
    expect(slide).toContain('data-provider="youtube"');
    expect(slide).toContain('data-player="https://www.youtube-nocookie.com/embed/k9Lx4TQ2vWs?autoplay=1&amp;rel=0"');
    expect(gallery).toMatch(
      /<button type="button" class="vdp-play" data-play aria-label="Play video: 2019 Toyota Aqua S">/,
    );
    expect(gallery).toMatch(/<img[^>]+class="vdp-poster"/);
    expect(html).not.toMatch(/<(iframe|video|embed|object)\b/);
    expect(html).not.toMatch(/<link[^>]+(youtube|ytimg|vimeo)/);
    expect(html).not.toContain('ytimg');
    // Without consent the slide offers the video on YouTube itself, in a new tab.
    expect(gallery).toMatch(/<a[^>]+href="https:\/\/www\.youtube\.com\/watch\?v=k9Lx4TQ2vWs"[^>]+target="_blank"/);
  });

  it('gives no link for a car without a video, or with an address that is not http(s)', async () => {
    const dealer = await fixtureWith();
    for (const video_url of [undefined, 'javascript:alert(1)', 'walkaround.mp4']) {
      const html = await carPageHtml(dealer, testCar({ video_url }));
      expect(html, String(video_url)).not.toContain('vdp-video');
      expect(html).not.toContain('data-video');
    }
  });
});
