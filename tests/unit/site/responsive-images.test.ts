/**
 * Responsive images over real built pages: a copy of a sample dealer given an image CDN
 * (site.json `images.transform`, content format 1.1) and the sample dealers as they are (no CDN).
 * With the CDN every <img> that has a srcset has a sizes, without it no <img> has either; a page
 * never has two high-priority images; the W3C Nu checker finds no image error on the CDN build.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDealerCopy, type DealerCopyBuild } from '../../helpers/dealer-copy-build.ts';

const DEALER = 'coastal-motor-group';
const TRANSFORM = 'https://images.example.net/{width}/{url}';
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const hasJava = spawnSync('java', ['-version']).status === 0;

const IMG = /<img\b[^>]*>/g;
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

interface Findings {
  images: number;
  withSrcset: number;
  problems: string[];
}

/** The image rules every built page keeps, with or without a CDN. */
function judge(pages: Map<string, string>): Findings {
  const out: Findings = { images: 0, withSrcset: 0, problems: [] };
  for (const [page, html] of pages) {
    const tags = html.match(IMG) ?? [];
    let high = 0;
    tags.forEach((tag, i) => {
      out.images++;
      const srcset = attr(tag, 'srcset');
      const sizes = attr(tag, 'sizes');
      if (srcset) out.withSrcset++;
      if (srcset && !sizes?.trim())
        out.problems.push(`${page}: <img> #${i + 1} has a srcset and no sizes: ${tag.slice(0, 140)}`);
      if (!srcset && sizes !== undefined)
        out.problems.push(`${page}: <img> #${i + 1} has sizes without a srcset: ${tag.slice(0, 140)}`);
      if (attr(tag, 'fetchpriority') === 'high') {
        high++;
        if (attr(tag, 'loading') === 'lazy') out.problems.push(`${page}: <img> #${i + 1} is lazy and high priority`);
      }
    });
    if (high > 1) {
      const which = tags
        .filter((t) => attr(t, 'fetchpriority') === 'high')
        .map((t) => attr(t, 'src'))
        .join(', ');
      out.problems.push(`${page}: ${high} images with fetchpriority="high" (${which})`);
    }
  }
  return out;
}

let cdn: DealerCopyBuild;
let plain: DealerCopyBuild;
beforeAll(async () => {
  // One after the other: two Astro builds at once would only slow each other down.
  cdn = await buildDealerCopy('responsive-images-cdn', {
    only: [DEALER],
    site: (_slug, site) => ({ ...site, images: { transform: TRANSFORM } }),
  });
  plain = await buildDealerCopy('responsive-images-plain', { only: [DEALER] });
}, 480_000);
afterAll(async () => {
  for (const b of [cdn, plain]) if (b) await rm(b.root, { recursive: true, force: true });
});

describe('with an image CDN', () => {
  it('gives content images a srcset through the CDN template', () => {
    const f = judge(cdn.pages);
    expect(cdn.pages.size).toBeGreaterThan(30);
    expect(f.withSrcset).toBeGreaterThan(20);
    const home = cdn.pages.get(`${DEALER}/index.html`)!;
    expect(home).toMatch(/srcset="https:\/\/images\.example\.net\/320\/https:\/\/www\.coastalmotorgroup\.com\.au\//);
  });

  it('writes a sizes beside every srcset, and never a sizes alone', () => {
    const f = judge(cdn.pages);
    expect(f.problems.filter((p) => /sizes/.test(p))).toEqual([]);
  });

  it('asks for a logo at the width it is drawn, not at the width of the screen', () => {
    const logos = (cdn.pages.get(`${DEALER}/index.html`) ?? '').match(/<img\b[^>]*class="brand-logo-img"[^>]*>/g) ?? [];
    expect(logos.length).toBeGreaterThan(0);
    for (const tag of logos) expect(attr(tag, 'sizes'), tag).toBe('12rem');
  });

  it('never gives a page two high-priority images', () => {
    const f = judge(cdn.pages);
    expect(f.problems.filter((p) => /priority/.test(p))).toEqual([]);
  });

  it.skipIf(!hasJava)('passes the W3C Nu checker with no image error', () => {
    const r = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--skip-non-html', cdn.sites], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(r.stderr) as {
      messages: { type: string; subType?: string; url: string; message: string; lastLine?: number; extract?: string }[];
    };
    const imageErrors = report.messages
      .filter((m) => m.type === 'error' || m.subType === 'warning')
      .filter((m) => /\b(img|srcset|sizes|fetchpriority|loading)\b/i.test(m.message) || /<img\b/i.test(m.extract ?? ''))
      .map((m) => `${m.url.slice(m.url.indexOf('/sites/') + 7)}:${m.lastLine ?? '?'} ${m.message}`);
    expect(imageErrors).toEqual([]);
  });
});

describe('without an image CDN', () => {
  it('writes neither srcset nor sizes, and still one high-priority image at most per page', () => {
    const f = judge(plain.pages);
    expect(f.images).toBeGreaterThan(20);
    expect(f.withSrcset).toBe(0);
    expect(f.problems).toEqual([]);
  });
});
