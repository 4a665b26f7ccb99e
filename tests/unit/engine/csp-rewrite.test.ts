/**
 * The build's rewrite of a site's pages for its Content-Security-Policy (src/engine/build/csp-rewrite.ts):
 * style attributes moved into one stylesheet per site, scripts loaded by hashed inline loaders,
 * inline scripts that import moved to files. In Chromium, on the built samples: tests/e2e/csp.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  isSafeDeclarationList,
  loadedScriptUrls,
  loaderScript,
  CspRewrite,
} from '../../../src/engine/build/csp-rewrite.ts';
import { scriptHashesOf, styleHashesOf } from '../../../src/engine/build/site-files.ts';

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

/** Rewrites pages with one CspRewrite, as the build does: each page linked as it is rewritten, then the files. */
function rewrite(...pages: string[]) {
  const strict = new CspRewrite('build-key:fingerprint');
  const once = pages.map((html, i) => strict.linkStylesheet(strict.page(html, `page-${i}/index.html`)));
  return { pages: once, files: strict.files() };
}

describe('style attributes', () => {
  it("live in one stylesheet named by the site's key, so that each page can link it before the others are rendered", () => {
    const styled = page('', '<p style="color:red">x</p>');
    const linked = (key: string) => {
      const strict = new CspRewrite(key);
      return /href="(\/_astro\/inline-styles\.[0-9a-f]+\.css)"/.exec(
        strict.linkStylesheet(strict.page(styled, 'a')),
      )![1];
    };
    expect(linked('key-1:print-1')).toBe(linked('key-1:print-1'));
    expect(linked('key-1:print-1')).not.toBe(linked('key-2:print-1'));
    expect(linked('key-1:print-1')).not.toBe(linked('key-1:print-2'));
  });

  it('become a style id, with one rule per distinct style in the stylesheet every styled page links last in its head', () => {
    const { pages, files } = rewrite(
      page('<link rel="stylesheet" href="/_astro/site.css">', '<div class="a" style="--span:6">x</div>'),
      page('', '<p style="--span:6" id="p">y</p><span style="color:#fff;background:#000"></span>'),
      page('<title>Plain</title>', '<p>no style</p>'),
    );
    const [sheetUrl, css] = [...files].find(([url]) => url.endsWith('.css'))!;
    expect(sheetUrl).toMatch(/^\/_astro\/inline-styles\.[0-9a-f]{10}\.css$/);
    const rules = css.trim().split('\n');
    expect(rules).toHaveLength(2);
    const idOf = (declarations: string) =>
      /\[data-css="([0-9a-f]+)"\]/.exec(rules.find((r) => r.includes(declarations))!)![1];
    expect(rules).toContain(`[data-css="${idOf('--span:6')}"]:not(#_){--span:6}`);
    expect(pages[0]).toBe(
      page(
        `<link rel="stylesheet" href="/_astro/site.css"><link rel="stylesheet" href="${sheetUrl}">`,
        `<div class="a" data-css="${idOf('--span:6')}">x</div>`,
      ),
    );
    expect(pages[1]).toContain(`<p data-css="${idOf('--span:6')}" id="p">y</p>`);
    expect(pages[1]).toContain(`<span data-css="${idOf('color:#fff')}"></span>`);
    expect(pages[2]).toBe(page('<title>Plain</title>', '<p>no style</p>'));
    for (const html of pages) expect(html).not.toMatch(/\sstyle=/);
  });

  it("keeps the value the browser read: character references decoded, the <html> element's theme included", () => {
    const { pages, files } = rewrite(
      `<!DOCTYPE html><html lang="en" style="--font-body:&#39;Inter&#39;, &quot;Inter Fallback&quot;, sans-serif;--x:a&amp;b"><head></head><body></body></html>`,
    );
    const css = [...files.values()][0]!;
    expect(css).toMatch(
      /^\[data-css="[0-9a-f]{10}"\]:not\(#_\)\{--font-body:'Inter', "Inter Fallback", sans-serif;--x:a&b\}\n$/,
    );
    expect(pages[0]).toMatch(/^<!DOCTYPE html><html lang="en" data-css="[0-9a-f]{10}"><head><link rel="stylesheet"/);
  });

  it('drops an empty style attribute and writes no stylesheet when no page needs one', () => {
    const { pages, files } = rewrite(page('', '<div style="" class="x"></div><img alt="" style src="/a.png">'));
    expect(pages[0]).toBe(page('', '<div class="x"></div><img alt="" src="/a.png">'));
    expect(files.size).toBe(0);
  });

  it('leaves markup that is not a style attribute alone: scripts, comments, attribute values, text', () => {
    const untouched = page(
      '<script type="application/ld+json">{"d":"<p style=\\"x\\">"}</script>',
      [
        '<!-- <p style="color:red"> -->',
        '<a title="style=&quot;color:red&quot;" data-style="a">t</a>',
        '<p>style="color:red" is how it was written</p>',
        '<textarea name="m"><b style="x"></textarea>',
        '<astro-island props="{&quot;style&quot;:[0,&quot;--a:1&quot;]}"></astro-island>',
      ].join(''),
    );
    expect(rewrite(untouched).pages[0]).toBe(untouched);
  });

  it('moves the style of an element whose content is raw text, and not the content', () => {
    const { pages } = rewrite(page('', '<textarea style="height:4rem" name="m"><b style="x"></textarea>'));
    expect(pages[0]).toMatch(/<textarea data-css="[0-9a-f]+" name="m"><b style="x"><\/textarea>/);
  });

  it('stops the build, naming the page, on a style that could end its rule early', () => {
    for (const value of ['color:red}body{display:none', 'color:red/*', 'content:&quot;open', 'a:b\\7d']) {
      expect(() => rewrite(page('', `<p style="${value}"></p>`))).toThrow(/page-0\/index\.html: the style attribute/);
    }
    expect(isSafeDeclarationList(`font-family:'A}B', "C{D"`)).toBe(true);
    expect(isSafeDeclarationList('background:url(/a.png);color:#fff')).toBe(true);
  });

  it('decodes character references as the browser does, and refuses one it does not know', () => {
    expect(decodeEntities('&#x27;a&#39;&lt;&gt;&amp;&quot;&nbsp;')).toBe(`'a'<>&"\u00a0`);
    expect(() => decodeEntities('&bogus;')).toThrow('unknown character reference &bogus;');
  });
});

describe('scripts', () => {
  it('loads a module script through an inline module that creates it, so it runs after parsing as before', () => {
    const { pages } = rewrite(page('', '<script type="module" src="/_astro/Gallery.B1x.js"></script>'));
    expect(pages[0]).toBe(
      page(
        '',
        `<script type="module">document.head.append(Object.assign(document.createElement('script'),{type:'module',src:"/_astro/Gallery.B1x.js"}))</script>`,
      ),
    );
    expect(loadedScriptUrls(pages[0]!)).toEqual(['/_astro/Gallery.B1x.js']);
  });

  it('loads async and deferred classic scripts the same way, and refuses one that blocks the parser', () => {
    expect(rewrite(page('', '<script async src="/a.js"></script>')).pages[0]).toContain(
      `<script>document.head.append(Object.assign(document.createElement('script'),{src:"/a.js"}))</script>`,
    );
    expect(rewrite(page('', '<script defer src="/d.js"></script>')).pages[0]).toContain(
      `<script type="module">document.head.append(Object.assign(document.createElement('script'),{src:"/d.js",async:false}))</script>`,
    );
    expect(() => rewrite(page('', '<script src="/b.js"></script>'))).toThrow(/blocks the parser/);
    expect(() => rewrite(page('', '<script type="module" src="/c.js" integrity="sha256-x"></script>'))).toThrow(
      /attributes a loader would lose \(integrity\)/,
    );
  });

  it('moves an inline script that imports to a file loaded in its place, and leaves the others inline', () => {
    const runtime = 'customElements.define("astro-island",class{async start(){await import(this.url)}})';
    const directive = '(self.Astro||(self.Astro={})).load=async(l)=>{await(await l())()};';
    const gtm =
      "(function(w,d){var j=d.createElement('script');j.src='https://www.googletagmanager.com/gtm.js?id=GTM-X'})(window,document)";
    const moduleScript = 'import { a } from "/_astro/a.js"; a();';
    const { pages, files } = rewrite(
      page(
        `<script>${gtm}</script>`,
        `<script>${directive}</script><script>${runtime}</script><script type="module">${moduleScript}</script>`,
      ),
    );
    const scripts = [...files].filter(([url]) => url.endsWith('.js'));
    expect(scripts.map(([, text]) => text).sort()).toEqual([moduleScript, runtime].sort());
    const urlOf = (text: string) => scripts.find(([, t]) => t === text)![0];
    expect(urlOf(runtime)).toMatch(/^\/_astro\/page-script\.[0-9a-f]{10}\.js$/);
    expect(pages[0]).toContain(`<script>${gtm}</script>`);
    expect(pages[0]).toContain(`<script>${directive}</script>`);
    expect(pages[0]).toContain(
      `<script>document.head.append(Object.assign(document.createElement('script'),{src:${JSON.stringify(urlOf(runtime))},async:false}))</script>`,
    );
    expect(pages[0]).toContain(
      `<script type="module">document.head.append(Object.assign(document.createElement('script'),{type:'module',src:${JSON.stringify(urlOf(moduleScript))}}))</script>`,
    );
    expect(pages[0]).not.toContain('import(');
    expect(loadedScriptUrls(pages[0]!).sort()).toEqual([urlOf(runtime), urlOf(moduleScript)].sort());
  });

  it('leaves data scripts alone', () => {
    const html = page(
      '<script type="application/ld+json">{"@type":"Car"}</script>',
      '<script type="application/json">{"import(":1}</script>',
    );
    expect(rewrite(html).pages[0]).toBe(html);
  });

  it('keeps a URL from closing its loader early', () => {
    expect(loaderScript('/a</script>.js', { module: true, async: false, deferred: true })).toContain(
      '"/a\\u003c/script>.js"',
    );
  });

  it('leaves markup inside an attribute value alone, even a script element', () => {
    const html = page(
      '',
      '<astro-island props="{&quot;html&quot;:[0,&quot;<script src=\\&quot;/x.js\\&quot;></script><p style=x>&quot;]}"></astro-island>',
    );
    const strict = new CspRewrite('build-key:fingerprint');
    expect(strict.page(html, 'a')).toBe(html);
    expect([...strict.scriptHashes]).toEqual([]);
  });
});

describe('policy hashes', () => {
  it('are gathered as the pages are rewritten: the same hash sources the finished pages call for', () => {
    const pages = [
      page(
        '<style>@font-face{font-family:A}</style><script>window.dataLayer=[]</script><script type="application/ld+json">{"a":1}</script>',
        '<script type="module" src="/_astro/a.js"></script><script>customElements.define("x",class{m(){import("/b.js")}})</script><!-- <script>not run</script> -->',
      ),
      page(
        '<style media="print">.p{}</style>',
        '<script async src="/_astro/c.js"></script><script>window.dataLayer=[]</script>',
      ),
    ];
    const strict = new CspRewrite('build-key:fingerprint');
    const written = pages.map((html, i) => strict.linkStylesheet(strict.page(html, `page-${i}/index.html`)));
    expect([...strict.scriptHashes].sort()).toEqual(
      scriptHashesOf(written.map((h) => h.replace(/<!--[\s\S]*?-->/g, ''))),
    );
    expect([...strict.styleHashes].sort()).toEqual(styleHashesOf(written));
    expect(strict.scriptHashes.size).toBe(4);
    expect(strict.styleHashes.size).toBe(2);
  });
});
