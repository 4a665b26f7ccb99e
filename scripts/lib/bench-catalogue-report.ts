/** The search and page parts of `npm run bench`: their targets and printed sections. */
import { kb, ms, table, type Target } from './bench-report.ts';
import { SEARCH_P95_TARGET_MS, type SearchLoadResult } from './bench-search.ts';
import { PAGE_TARGETS, type PagesReport, type PageKind } from './bench-pages.ts';

export interface SearchRun extends SearchLoadResult {
  loadAverage: { start: number; end: number };
}

export interface SearchReport {
  cars: number;
  queries: number;
  runs: SearchRun[];
  skipped: { database: SearchLoadResult['database']; reason: string }[];
  failed: { database: SearchLoadResult['database']; error: string }[];
}


export function evaluateSearchTargets(r: SearchReport): Target[] {
  const out: Target[] = [];
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const name = `search p95 ≤ ${SEARCH_P95_TARGET_MS} ms server time on ${database} (${r.cars.toLocaleString('en-AU')} cars, keyword + 7 facets)`;
    const run = r.runs.find((x) => x.database === database);
    if (!run) {
      const why = r.skipped.find((x) => x.database === database)?.reason ?? r.failed.find((x) => x.database === database)?.error;
      out.push({ name, pass: false, value: 'not measured', note: why });
      continue;
    }
    const notes: string[] = [];
    if (run.errors) notes.push(`${run.errors} queries failed`);
    if (run.loadAverage.start >= 1) notes.push(`1-minute load average ${run.loadAverage.start.toFixed(2)} at start`);
    // Typo tolerance is on for every query; the misspelt half takes its own path, so each half must hold.
    const { exact, typo } = run.byKind;
    notes.unshift(`spelt right p95 ${ms(exact.serverMs.p95)} ms, misspelt p95 ${ms(typo.serverMs.p95)} ms`);
    const under = [run.serverMs, exact.serverMs, typo.serverMs].every((p) => p.p95 <= SEARCH_P95_TARGET_MS);
    out.push({ name, pass: run.errors === 0 && under, value: `${ms(run.serverMs.p95)} ms`, note: notes.join('; ') });
  }
  return out;
}

export function formatSearch(r: SearchReport): string[] {
  const out = [
    `Search: POST /api/search/1/indexes/*/queries over HTTP on 127.0.0.1, one at a time; ${r.cars.toLocaleString('en-AU')} synthetic cars,`,
    `${r.queries} measured multi-queries (a keyword, 7 facet counts, price and year stats, 0-4 refinements, one more request per refined facet):`,
  ];
  if (r.runs.length) {
    out.push(...table(
      ['database', 'indexed', 'index s', 'requests', 'server p50', 'server p95', 'server p99', 'wall p50', 'wall p95', 'wall p99', 'errors', 'load avg'],
      r.runs.map((x) => [x.database, String(x.indexed), x.indexSeconds.toFixed(1), String(x.requests), ms(x.serverMs.p50), ms(x.serverMs.p95),
        ms(x.serverMs.p99), ms(x.wallMs.p50), ms(x.wallMs.p95), ms(x.wallMs.p99), String(x.errors),
        `${x.loadAverage.start.toFixed(2)} → ${x.loadAverage.end.toFixed(2)}`]),
    ));
    for (const x of r.runs) {
      const kinds = (['exact', 'typo'] as const).map((k) => `${k === 'exact' ? 'spelt right' : 'misspelt'} p50 ${ms(x.byKind[k].serverMs.p50)} / p95 ${ms(x.byKind[k].serverMs.p95)}`);
      out.push(`  ${x.database}: ${kinds.join('; ')} (server ms, typo tolerance on for both)`);
      if (x.errorSamples.length) out.push(`  ${x.database}: failed queries, e.g. ${x.errorSamples.join(' | ')}`);
    }
    out.push('Times in ms; server time is the route\'s Server-Timing (body read to answer built), wall time the client\'s round trip.');
  }
  for (const x of r.skipped) out.push(`${x.database}: not measured (${x.reason}).`);
  for (const x of r.failed) out.push(`${x.database}: the run crashed: ${x.error}`);
  return out;
}

const worst = (r: PagesReport, kind: PageKind) =>
  r.pages.filter((p) => p.kind === kind).reduce<PagesReport['pages'][number] | undefined>((a, p) => (!a || p.jsGzBytes > a.jsGzBytes ? p : a), undefined);

export function evaluatePageTargets(r: PagesReport): Target[] {
  const out: Target[] = [];
  const js = (kind: PageKind, limitKB: number, label: string) => {
    const page = worst(r, kind);
    out.push(page
      ? { name: `${label} ≤ ${limitKB} KB of JavaScript gzipped`, pass: page.jsGzBytes <= limitKB * 1024, value: `${kb(page.jsGzBytes)} KB`, note: `largest: ${page.dealer}${page.path}` }
      : { name: `${label} ≤ ${limitKB} KB of JavaScript gzipped`, pass: false, value: 'not measured', note: 'no sample dealer has such a page' });
  };
  js('model range + offers', PAGE_TARGETS.rangeAndOffersKB, 'a page with only a model range and offers');
  js('used cars', PAGE_TARGETS.usedCarsKB, 'the used-cars search page');
  for (const kind of ['home', 'used cars', 'model'] as const) {
    const name = `Lighthouse mobile performance ≥ ${PAGE_TARGETS.lighthouse} on the sample ${kind} pages`;
    const measured = r.pages.filter((p) => p.kind === kind && p.lighthouse);
    if (!measured.length) {
      out.push({ name, pass: false, value: 'not measured', note: r.lighthouseSkipped });
      continue;
    }
    const low = measured.reduce((a, p) => (p.lighthouse!.median < a.lighthouse!.median ? p : a));
    out.push({
      name, pass: measured.every((p) => p.lighthouse!.median >= PAGE_TARGETS.lighthouse),
      value: `lowest median ${low.lighthouse!.median} (${low.dealer}${low.path})`,
      note: measured.map((p) => `${p.dealer} ${p.lighthouse!.median}`).join(', '),
    });
    const lowSeo = measured.reduce((a, p) => (p.lighthouse!.seo < a.lighthouse!.seo ? p : a));
    out.push({
      name: `Lighthouse SEO ${PAGE_TARGETS.seo} on the sample ${kind} pages`,
      pass: measured.every((p) => p.lighthouse!.seo >= PAGE_TARGETS.seo),
      value: `lowest ${lowSeo.lighthouse!.seo} (${lowSeo.dealer}${lowSeo.path})`,
      note: measured.map((p) => `${p.dealer} ${p.lighthouse!.seo}${p.lighthouse!.seoFailed.length ? ` (${p.lighthouse!.seoFailed.join(', ')})` : ''}`).join(', '),
    });
  }
  return out;
}

export function formatPages(r: PagesReport): string[] {
  const out = [
    `Pages: the sample dealers (${r.dealers.join(', ')}) built in ${r.buildSeconds.toFixed(1)} s; JavaScript each page loads (every .js file it`,
    `references and their static imports, gzipped one by one; inline scripts apart)${r.lighthouseRuns ? `, and Lighthouse's mobile performance (median) and SEO scores (of ${r.lighthouseRuns} run${r.lighthouseRuns === 1 ? '' : 's'})` : ''}:`,
    ...table(
      ['dealer', 'page', 'path', 'JS files', 'JS KB gz', 'inline KB gz', 'Lighthouse', 'runs', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms'],
      r.pages.map((p) => {
        const lh = p.lighthouse;
        const m = lh?.metrics;
        return [p.dealer, p.kind, p.path, String(p.jsFiles), kb(p.jsGzBytes), kb(p.inlineGzBytes), lh ? String(lh.median) : '–',
          lh ? lh.scores.join(' ') : '–', lh ? String(lh.seo) : '–', m ? String(Math.round(m.fcp)) : '–', m ? String(Math.round(m.lcp)) : '–',
          m ? String(Math.round(m.tbt)) : '–', m ? m.cls.toFixed(3) : '–', m ? String(Math.round(m.speedIndex)) : '–'];
      }),
      3,
    ),
  ];
  if (r.lighthouseSkipped) out.push(`Lighthouse: not run (${r.lighthouseSkipped}).`);
  else {
    out.push(`Lighthouse: its default mobile settings (a phone screen, simulated slow 4G, a 4× slower CPU), performance and SEO, in ${r.chromium};`,
      'the pages served with the API as npm start serves them. Metrics are those of the run nearest the median score;',
      'SEO is the lowest of the runs (its audits read the page, so every run agrees).');
  }
  return out;
}
