/**
 * Where a deployed API's dealers come from, in this order:
 *
 *   1. API_CONTENT_URL: a content document fetched once per instance, at start;
 *   2. API_CONTENT: a content document on disk, read only when the variable names it;
 *   3. the dealers compiled into the bundle by the build (the default).
 *
 * A content document is what the build writes as dist/api/content.json: `{ builtAt, dealers }`.
 * Nothing here reads a snapshot folder (content.ts does, for the Node server and the scripts), so
 * the serverless entries stay free of the content loader and its dependencies.
 */
import { readFile } from 'node:fs/promises';
import type { DealerContent } from '../../content/load.ts';
import { readEnv, type Env } from '../../config/env.ts';
import { redactUrl, redactUrls } from '../../lib/redact.ts';
import { bundledContent, type ContentDocument } from './content-bundled.ts';

/** How long a start waits for API_CONTENT_URL before giving up. */
export const CONTENT_FETCH_TIMEOUT_MS = 15_000;

export interface ContentSource {
  dealers: DealerContent[];
  /**
   * For the start-up line: "https://…/content.json" (a user name, password or query value masked,
   * as a signed URL carries), "/srv/content.json", "the bundle, built …".
   */
  from: string;
}

/** The dealers of a content document; throws naming `where` and what is wrong. */
export function parseContentDocument(text: string, where: string): DealerContent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new Error(`The API content ${where} is not JSON: ${(e as Error).message}`, { cause: e });
  }
  const dealers = (parsed as { dealers?: unknown } | null)?.dealers;
  if (!Array.isArray(dealers))
    throw new Error(
      `The API content ${where} holds no "dealers" list; it should be the content.json that npm run build writes.`,
    );
  dealers.forEach((d: unknown, i) => {
    const dealer = d as { slug?: unknown; site?: unknown } | null;
    if (typeof dealer?.slug !== 'string' || typeof dealer.site !== 'object' || dealer.site === null) {
      throw new Error(
        `The API content ${where}: dealers[${i}] has no slug or site; it should be the content.json that npm run build writes.`,
      );
    }
  });
  return dealers as DealerContent[];
}

export async function readContentFile(file: string): Promise<DealerContent[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new Error(`Cannot read the API content ${file} (API_CONTENT): ${(e as Error).message}`, { cause: e });
  }
  return parseContentDocument(text, file);
}

export async function fetchContent(url: string, fetchImpl: typeof fetch = fetch): Promise<DealerContent[]> {
  // Every message names the URL masked: a signed URL's query is as good as a key.
  const shown = redactUrl(url);
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    throw new Error(`API_CONTENT_URL must be an http(s) URL, not "${shown}".`);
  }
  if (parsedUrl.protocol !== 'https:' && parsedUrl.protocol !== 'http:')
    throw new Error(`API_CONTENT_URL must be an http(s) URL, not "${shown}".`);
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(parsedUrl, {
      signal: AbortSignal.timeout(CONTENT_FETCH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    text = await response.text();
  } catch (e) {
    const why =
      (e as Error).name === 'TimeoutError'
        ? `no answer within ${CONTENT_FETCH_TIMEOUT_MS / 1000} s`
        : redactUrls((e as Error).message);
    throw new Error(`Cannot fetch the API content from ${shown} (API_CONTENT_URL): ${why}`, { cause: e });
  }
  if (!response.ok)
    throw new Error(
      `Cannot fetch the API content from ${shown} (API_CONTENT_URL): HTTP ${response.status} ${response.statusText}`.trimEnd(),
    );
  return parseContentDocument(text, shown);
}

/**
 * The dealers of API_CONTENT_URL, else of API_CONTENT, else compiled into the bundle; undefined
 * when there are none of these (the sources, run without a build).
 */
export async function configuredContent(
  env: Env,
  bundled: ContentDocument | undefined = bundledContent,
  fetchImpl: typeof fetch = fetch,
): Promise<ContentSource | undefined> {
  const url = readEnv(env, 'API_CONTENT_URL')?.trim();
  const file = readEnv(env, 'API_CONTENT')?.trim();
  if (url && file)
    throw new Error('Set API_CONTENT_URL or API_CONTENT, not both: each names where the dealers come from.');
  if (url) return { dealers: await fetchContent(url, fetchImpl), from: redactUrl(url) };
  if (file) return { dealers: await readContentFile(file), from: file };
  if (bundled) return { dealers: bundled.dealers, from: `the bundle, built ${bundled.builtAt}` };
  return undefined;
}
