/**
 * The brochure download of the model features block (spec §7 and §8): GET /api/models/{slug},
 * then open brochure_url in a new window. Failures are logged, never shown: the button simply
 * does nothing more, as the spec's error catalogue says.
 */
import { apiFetch } from '../../contract/fetch.ts';
import { modelPath } from '../../contract/routes.ts';
import { safeHref } from '../../lib/links.ts';

export const FETCH_FAILED = 'Failed to fetch model data';
export const NO_BROCHURE = 'No brochure url for this model';

export interface BrochureDeps {
  fetch: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  /** Opens the brochure in a new window. */
  open: (url: string) => void;
  error: (message: string, detail?: unknown) => void;
  warn: (message: string, detail?: unknown) => void;
}

export function modelApiUrl(slug: string): string {
  return modelPath(slug);
}

export type BrochureOutcome = 'opened' | 'missing' | 'failed';

export async function openBrochure(slug: string, deps: BrochureDeps): Promise<BrochureOutcome> {
  let data: unknown;
  try {
    data = await apiFetch(modelApiUrl(slug), { fetch: deps.fetch });
  } catch (error) {
    deps.error(FETCH_FAILED, error);
    return 'failed';
  }
  const raw = (data as { brochure_url?: unknown } | null)?.brochure_url;
  // A javascript: or data: url counts as none: it must never reach window.open.
  const url = typeof raw === 'string' ? safeHref(raw) : undefined;
  if (!url) {
    deps.warn(NO_BROCHURE, slug);
    return 'missing';
  }
  deps.open(url);
  return 'opened';
}
