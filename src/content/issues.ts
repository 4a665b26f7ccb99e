/** Content problems found while loading snapshots, worded for the editor who must fix them. */
import type { z } from './zod.ts';

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

/** One issue per zod issue, each with its full path under `prefix`. */
export function fromZod(
  error: z.ZodError,
  where: { dealer: string; file: string; prefix?: ReadonlyArray<PropertyKey> },
): ContentIssue[] {
  return error.issues.map((issue) => ({
    dealer: where.dealer,
    file: where.file,
    path: jsonPath([...(where.prefix ?? []), ...issue.path]),
    message: describe(issue),
  }));
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    return `is required (expected ${issue.expected})`;
  }
  return issue.message.replace(/^Invalid input: /, '');
}

export function formatIssue(i: ContentIssue): string {
  const at = i.path ? ` at ${i.path}` : '';
  return `${i.dealer}: ${i.file}${at}: ${i.message}`;
}
