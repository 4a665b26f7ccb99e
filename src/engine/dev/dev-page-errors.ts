/**
 * A content error in one page file of the editor preview leaves the dealer's other pages
 * previewable: the dealer is loaded again without its broken page files (LoadOptions.leaveOut),
 * and each broken page answers with its own errors at its path. A page file whose path cannot be
 * read (not JSON, no "path") has its errors listed on the dealer's home page instead. Errors in
 * the files every page shares (site.json, the entity files) still block the whole dealer.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadDealers, type DealerContent, type LoadResult } from '../../content/load.ts';
import type { ContentIssue } from '../../content/issues.ts';
import { normalisePath } from '../../content/page.ts';

/** One page file with errors, in a dealer whose other files are valid. */
export interface BrokenPage {
  /** Relative to the dealer folder: "pages/contact.json". */
  file: string;
  /** The route path the file names ("/contact"); undefined when it cannot be read. */
  path?: string;
  issues: ContentIssue[];
}

/** Whether every issue is in a page file of `slug` (so the rest of the dealer may still show). */
export function onlyPageIssues(slug: string, issues: ContentIssue[]): boolean {
  return issues.length > 0 && issues.every((i) => i.dealer === slug && i.file.startsWith('pages/'));
}

/** The route path a page file names, read without validating it; undefined when it cannot be read. */
async function pathOf(dealerDir: string, file: string): Promise<string | undefined> {
  try {
    const raw = JSON.parse((await readFile(path.join(dealerDir, file), 'utf8')).replace(/^\uFEFF/, '')) as unknown;
    const named = (raw as { path?: unknown } | null)?.path;
    return typeof named === 'string' ? normalisePath(named) : undefined;
  } catch {
    return undefined;
  }
}

/** The dealer without its broken page files, and those files with their errors. */
export interface PartialLoad {
  result: LoadResult;
  broken: BrokenPage[];
}

/** Rounds of leaving files out: a page left out may reveal another page's error (a shared path). */
const MAX_ROUNDS = 3;

/**
 * Loads `slug` of `dir` again without the page files `first` found errors in. Undefined when
 * that does not make the rest valid (an error outside the page files), so the dealer stays blocked.
 */
export async function loadWithoutBrokenPages(
  dir: string,
  slug: string,
  first: LoadResult,
): Promise<PartialLoad | undefined> {
  if (!onlyPageIssues(slug, first.errors)) return undefined;
  const issues = [...first.errors];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const leaveOut = [...new Set(issues.map((i) => i.file))];
    const result = await loadDealers(dir, { only: [slug], placeholders: true, leaveOut });
    if (result.dealers[0]) {
      const broken = await Promise.all(
        leaveOut.sort().map(async (file) => ({
          file,
          path: await pathOf(path.join(dir, slug), file),
          issues: issues.filter((i) => i.file === file),
        })),
      );
      return { result: { ...result, errors: issues }, broken };
    }
    if (!onlyPageIssues(slug, result.errors)) return undefined;
    issues.push(...result.errors);
  }
  return undefined;
}

/**
 * What the API serves of a dealer shown without its broken pages: its content now, with the last
 * good version of each broken page, so a form already open on that page can still be sent.
 */
export function forTheApi(content: DealerContent, broken: BrokenPage[], lastGood?: DealerContent): DealerContent {
  const files = new Set(broken.map((b) => b.file));
  const shown = new Set(content.pages.map((p) => p.path));
  const kept = (lastGood?.pages ?? []).filter((p) => p.file !== undefined && files.has(p.file) && !shown.has(p.path));
  return kept.length ? { ...content, pages: [...content.pages, ...kept] } : content;
}
