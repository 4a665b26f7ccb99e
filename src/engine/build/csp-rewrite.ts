/**
 * Rewrites a dealer's built pages so that they run under the site's Content-Security-Policy
 * (site-files.ts `contentSecurityPolicy`), which allows no inline style and no script the page
 * itself did not start. Run on each page as Astro renders it (src/engine/integration/dealer-sites.ts);
 * `astro dev` serves the pages unrewritten, and without the policy.
 *
 * Style attributes. `style="V"` becomes `data-css="<id>"`, and one stylesheet per site,
 * `/_astro/inline-styles.<hash>.css`, holds `[data-css="<id>"]:not(#_){V}` for each distinct V
 * (the id is a hash of V, so equal styles share a rule). The stylesheet is named by a hash of the
 * site's key (its content fingerprint and the build key: equal keys make an equal site), not of
 * its rules, so that each page links it as soon as it is rewritten and none waits for the others. `:not(#_)` gives the rule an id selector's
 * weight, above every rule of the site's own CSS (which has no id selectors), so it wins wherever
 * the attribute won; a style a script sets later through the CSSOM (element.style, as React, the
 * carousel and the reviews refresh do) is an inline style again and still wins over it. React
 * islands hydrate over the rewritten markup: React does not write attributes while hydrating,
 * and only writes a style when its value changes, through element.style. A value that could end
 * the rule early (a brace, an unclosed string or comment) stops the build, naming the page.
 *
 * Scripts. The policy's 'strict-dynamic' trusts only scripts it names by hash and the scripts
 * those create with document.createElement; it ignores 'self' and host sources for scripts the
 * HTML parser inserts, and (in Chromium) it also refuses the imports, static or `import()`, made
 * by a script the parser inserted. So:
 * - `<script type="module" src="/_astro/x.js">` becomes a small inline loader that creates the
 *   same script element (`loaderScript`); the loader is hashed in the policy like any inline
 *   script. A deferred script (a module without async, or a classic script with defer) gets its
 *   loader as an inline module, which runs after the document is parsed as the original did.
 * - An inline script that imports (Astro's island runtime loads each island with `import()`) moves
 *   to `/_astro/page-script.<hash>.js` and is loaded the same way, so its imports are trusted.
 * - Other inline scripts (the tag manager snippet, page-view pushes, Astro's hydration directives)
 *   stay as they are, allowed by their hashes.
 * A classic script that blocks the parser cannot be loaded this way; the build stops, naming it.
 */
import { createHash } from 'node:crypto';
import { attributesOf, scanTags } from './html-scan.ts';

/** The site's stylesheet of former style attributes, under /_astro/ (cached as immutable). */
export const INLINE_STYLES_PREFIX = '/_astro/inline-styles.';
/** Inline scripts moved to a file: /_astro/page-script.<hash>.js. */
export const PAGE_SCRIPT_PREFIX = '/_astro/page-script.';
/** The attribute that replaces `style`. */
export const STYLE_ID_ATTRIBUTE = 'data-css';

export { decodeEntities } from './html-scan.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest();
/** A Content-Security-Policy hash source of an inline script's or style element's text. */
export const cspHashSource = (text: string) => `'sha256-${sha256(text).toString('base64')}'`;
/** A script element the policy need not allow by hash: it loads a file, or holds data. */
const UNHASHED_SCRIPT = (attrs: string) => /\bsrc=/.test(attrs) || /type=["']?application\/(ld\+)?json/i.test(attrs);
const shortHash = (text: string) => sha256(text).toString('hex').slice(0, 10);

/**
 * Whether declarations can sit between the braces of a rule without ending it: quoted strings
 * closed, and no brace, comment, backslash or line break outside them.
 */
export function isSafeDeclarationList(value: string): boolean {
  const outside = value.replace(/"[^"\\\n]*"|'[^'\\\n]*'/g, '');
  return !/[{}"'\\\n\r]|\/\*|\*\//.test(outside);
}

/** `document.head.append(…)` of a script element, as a loader's body. */
function appendScript(url: string, module: boolean, async: boolean): string {
  const src = JSON.stringify(url).replace(/</g, '\\u003c');
  const props = module ? `{type:'module',src:${src}}` : async ? `{src:${src}}` : `{src:${src},async:false}`;
  return `document.head.append(Object.assign(document.createElement('script'),${props}))`;
}

/**
 * The inline script that loads `url` the way `<script src>` would: created by script, so that
 * 'strict-dynamic' trusts it and what it imports. `deferred` loaders run after parsing.
 */
export function loaderScript(url: string, options: { module: boolean; async: boolean; deferred: boolean }): string {
  return loader(url, options).text;
}

function loader(url: string, options: { module: boolean; async: boolean; deferred: boolean }) {
  const body = appendScript(url, options.module, options.async);
  return { text: options.deferred ? `<script type="module">${body}</script>` : `<script>${body}</script>`, body };
}

const LOADED = /document\.createElement\('script'\),\{(?:type:'module',)?src:("(?:[^"\\]|\\.)*")/g;

/** The script URLs the loaders of a page load (for weighing a page's JavaScript). */
export function loadedScriptUrls(html: string): string[] {
  return [...html.matchAll(LOADED)].map((m) => JSON.parse(m[1]!) as string);
}

function isJavaScript(type: string | undefined): boolean {
  const t = (type ?? '').trim().toLowerCase();
  return t === '' || t === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(t);
}

/**
 * A copy of `text` that shares no memory with the string it was cut from: V8 keeps a whole page
 * alive for as long as any substring of it lives, and a build keeps some pieces of every page
 * (styles, moved scripts, referenced URLs) until its site is finished.
 */
export function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** `work` of a text, worked out once per distinct text; the cache keeps its own copy of each text. */
function cachedByText(work: (text: string) => string): (text: string) => string {
  const done = new Map<string, string>();
  return (text) => {
    let value = done.get(text);
    if (value === undefined) {
      value = work(text);
      done.set(detached(text), value);
    }
    return value;
  };
}

/** Rewrites the pages of one site; see the module comment. Create one per site. */
export class CspRewrite {
  /** Style id → the declarations of the attribute it replaced. */
  private readonly styles = new Map<string, string>();
  /** URL → text of inline scripts moved to a file. */
  private readonly scripts = new Map<string, string>();
  private readonly stylesheetUrl: string;
  /** Short hashes already worked out: a site's pages repeat the same styles and scripts. */
  private readonly idOf = cachedByText(shortHash);
  /** Policy hash sources already worked out, by text. */
  private readonly sourceOf = cachedByText(cspHashSource);
  /**
   * The policy's hash sources of every inline script (other than data) and style element the
   * rewritten pages carry, as `scriptHashesOf` and `styleHashesOf` (site-files.ts) would find them.
   */
  readonly scriptHashes = new Set<string>();
  readonly styleHashes = new Set<string>();

  /** `siteKey`: what makes the site (see the module comment); it names the stylesheet. */
  constructor(siteKey: string) {
    this.stylesheetUrl = `${INLINE_STYLES_PREFIX}${shortHash(siteKey)}.css`;
  }

  /** One page rewritten; `page` names it in errors. */
  page(html: string, page: string): string {
    return scanTags(html, (v) => {
      if (v.kind === 'tag') return this.startTag(v.name, v.attrs, page);
      const lower = v.name.toLowerCase();
      if (lower === 'script') {
        const loaded = this.script(v.attrs, v.body, page);
        if (loaded !== undefined) {
          this.scriptHashes.add(this.sourceOf(loaded.body));
          return loaded.text;
        }
        if (!UNHASHED_SCRIPT(v.attrs)) this.scriptHashes.add(this.sourceOf(v.body));
        return v.whole;
      }
      if (lower === 'style') this.styleHashes.add(this.sourceOf(v.body));
      const open = `<${v.name}${v.attrs}>`;
      return this.startTag(v.name, v.attrs, page) + v.whole.slice(open.length);
    });
  }

  /** A start tag with its style attribute, if any, replaced by a style id. */
  private startTag(name: string, attrs: string, page: string): string {
    if (!/style/i.test(attrs)) return `<${name}${attrs}>`;
    const found = attributesOf(attrs);
    const style = found.find((a) => a.name === 'style');
    if (!style) return `<${name}${attrs}>`;
    if (found.some((a) => a.name === STYLE_ID_ATTRIBUTE)) {
      throw new Error(`${page}: <${name}> has both style and ${STYLE_ID_ATTRIBUTE}`);
    }
    const declarations = (style.value ?? '').trim();
    let replacement = '';
    if (declarations) {
      if (!isSafeDeclarationList(declarations)) {
        throw new Error(`${page}: the style attribute "${declarations}" of <${name}> cannot move to a stylesheet`);
      }
      const id = this.idOf(declarations);
      const earlier = this.styles.get(id);
      if (earlier !== undefined && earlier !== declarations) {
        throw new Error(`${page}: two style attributes share the id ${id}`);
      }
      if (earlier === undefined) this.styles.set(id, detached(declarations));
      replacement = `${STYLE_ID_ATTRIBUTE}="${id}"`;
    }
    const before = attrs.slice(0, style.start).replace(/\s+$/, '');
    const after = attrs.slice(style.end);
    return `<${name}${before}${replacement ? ` ${replacement}` : ''}${after}>`;
  }

  /** The loader that replaces a script element (its text and its script's body), or undefined to keep it. */
  private script(attrs: string, body: string, page: string): { text: string; body: string } | undefined {
    const found = attributesOf(attrs);
    const get = (n: string) => found.find((a) => a.name === n);
    const type = get('type')?.value;
    if (!isJavaScript(type)) return undefined;
    const module = (type ?? '').trim().toLowerCase() === 'module';
    const async = !!get('async');
    const src = get('src');
    if (src) {
      const others = found.filter((a) => !['src', 'type', 'async', 'defer'].includes(a.name));
      if (others.length) {
        throw new Error(
          `${page}: <script${attrs}> has attributes a loader would lose (${others.map((a) => a.name).join(', ')})`,
        );
      }
      const deferred = module ? !async : !!get('defer') && !async;
      if (!module && !async && !deferred) {
        throw new Error(`${page}: <script${attrs}> blocks the parser; load it with defer, async or type="module"`);
      }
      return loader(src.value ?? '', { module, async, deferred });
    }
    const imports = module ? /\bimport\b/.test(body) : /\bimport\s*\(/.test(body);
    if (!imports) return undefined;
    const url = `${PAGE_SCRIPT_PREFIX}${this.idOf(body)}.js`;
    if (!this.scripts.has(url)) this.scripts.set(url, detached(body));
    // An inline module runs after parsing; an inline classic script where it stands, in order.
    return loader(url, { module, async: module && async, deferred: module && !async });
  }

  /**
   * The files the rewritten pages need (URL → text): the moved scripts and the stylesheet of
   * style attributes. Call once every page has been rewritten.
   */
  files(): Map<string, string> {
    const out = new Map(this.scripts);
    if (this.styles.size) {
      const css =
        [...this.styles]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([id, declarations]) => `[${STYLE_ID_ATTRIBUTE}="${id}"]:not(#_){${declarations}}`)
          .join('\n') + '\n';
      out.set(this.stylesheetUrl, css);
    }
    return out;
  }

  /** A rewritten page with the stylesheet of style attributes linked last in its head, when it uses one. */
  linkStylesheet(html: string): string {
    if (!html.includes(` ${STYLE_ID_ATTRIBUTE}="`)) return html;
    const at = html.search(/<\/head\s*>/i);
    if (at < 0) return html;
    return `${html.slice(0, at)}<link rel="stylesheet" href="${this.stylesheetUrl}">${html.slice(at)}`;
  }
}
