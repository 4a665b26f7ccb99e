/** Content problems found while loading snapshots, worded for the editor who must fix them. */
import type { z } from './zod.ts';
import { issueMessage } from './issue-messages.ts';

export interface ContentIssue {
  dealer: string;
  /** Relative to the dealer folder, e.g. "pages/home.json". */
  file: string;
  /** JSON path inside the file, e.g. "blocks[3].data.level"; empty for the whole file. */
  path: string;
  message: string;
}

/** `["blocks", 3, "data", "level"]` → `blocks[3].data.level`. */
export function jsonPath(parts: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

/**
 * One issue per zod issue, each with its full path under `prefix` and a message saying what is
 * allowed there and what was found (issue-messages.ts).
 */
export function fromZod(
  error: z.ZodError,
  where: { dealer: string; file: string; prefix?: ReadonlyArray<PropertyKey> },
  /** The parsed value: what was found, and a missing field reads "is required" whatever its type. */
  input?: unknown,
  /** The schema that was parsed: the whole range of a number, an object's fields. */
  schema?: z.core.$ZodType,
): ContentIssue[] {
  return error.issues.map((issue) => ({
    dealer: where.dealer,
    file: where.file,
    path: jsonPath([...(where.prefix ?? []), ...issue.path]),
    message: issueMessage(issue, input === undefined ? undefined : valueAt(input, issue.path), schema),
  }));
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): { found: boolean; value?: unknown } {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return { found: false };
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: v };
}

export function formatIssue(i: ContentIssue): string {
  const at = i.path ? ` at ${i.path}` : '';
  return `${i.dealer}: ${i.file}${at}: ${i.message}`;
}
