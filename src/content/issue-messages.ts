/**
 * The message of one zod issue, worded for the editor who must fix the file: what is allowed
 * and what was found. A number out of range says the whole range ("must be a whole number from
 * 1 to 6, found 9"), an option lists the options ("expected one of: left, center, right, found
 * the text "middle""), a wrong type names both in plain words ("expected a number, found the
 * text "two""), and a missing field says it is required. The file and JSON path travel beside
 * the message (issues.ts).
 */
import type { z } from './zod.ts';
import { fieldsAt, numberRangeAt, type NumberRange } from './schema-at.ts';

type Issue = z.core.$ZodIssue;

/** Zod's type names in plain words. */
const TYPE_WORDS: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  record: 'an object',
  tuple: 'a list',
  null: 'null',
  date: 'a date',
  bigint: 'a whole number',
};

/** How zod's own messages begin; any other message is a schema's own. */
const ZOD_WORDING = /^(Too small|Too big|Invalid|Unrecognized key)/;

const typeWords = (type: string) => TYPE_WORDS[type] ?? type;

const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A value as an editor reads it: `the text "two"`, `the number 9`, `true`, `a list`. */
export function foundValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? 'an empty text' : `the text ${JSON.stringify(clip(value))}`;
  if (typeof value === 'number' || typeof value === 'bigint') return `the number ${String(value)}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length ? `a list of ${value.length}` : 'an empty list';
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

/** "a whole number from 1 to 6", "a number of at least 0", "a whole number". */
export function rangeWords(range: NumberRange): string {
  const kind = range.whole ? 'a whole number' : 'a number';
  const { min, max } = range;
  if (min?.inclusive && max?.inclusive) return `${kind} from ${min.value} to ${max.value}`;
  const parts: string[] = [];
  if (min) parts.push(min.inclusive ? `at least ${min.value}` : `greater than ${min.value}`);
  if (max) parts.push(max.inclusive ? `at most ${max.value}` : `less than ${max.value}`);
  return parts.length ? `${kind} ${min?.inclusive || max?.inclusive ? 'of ' : ''}${parts.join(' and ')}` : kind;
}

const plainValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The types a union's branches expected, when every branch failed on the type alone. */
function unionTypes(issue: Extract<Issue, { code: 'invalid_union' }>): string[] | undefined {
  const types: string[] = [];
  for (const branch of issue.errors) {
    const only = branch.length === 1 ? branch[0] : undefined;
    if (only?.code === 'invalid_type' && only.path.length === 0) types.push(typeWords(only.expected));
    else if (only?.code === 'invalid_value' && only.path.length === 0) types.push(...only.values.map(plainValue));
    else return undefined;
  }
  return [...new Set(types)];
}

function sizeMessage(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>, value: unknown): string | undefined {
  const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const small = issue.code === 'too_small';
  if (issue.origin === 'string') {
    if (small && bound === 1) return 'must not be empty';
    const length = typeof value === 'string' ? `, found ${value.length}` : '';
    return `must be ${small ? 'at least' : 'at most'} ${bound} character${bound === 1 ? '' : 's'} long${length}`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (small && bound === 1) return 'must list at least one item';
    const count = Array.isArray(value) ? `, found ${value.length}` : '';
    return `must list ${small ? 'at least' : 'at most'} ${bound} item${bound === 1 ? '' : 's'}${count}`;
  }
  return undefined;
}

/** What a value is, after what was expected: ", found the text "two""; empty when not known. */
type Found = (value: unknown) => string;

/** What a number must be: from the schema's whole range when known, else the crossed bound. */
function numberMessage(issue: Issue, value: unknown, schema: z.core.$ZodType | undefined, found: Found): string {
  const range = (schema && numberRangeAt(schema, issue.path)) ?? { whole: false };
  if (issue.code === 'too_small' && !range.min)
    range.min = { value: Number(issue.minimum), inclusive: issue.inclusive ?? true };
  if (issue.code === 'too_big' && !range.max)
    range.max = { value: Number(issue.maximum), inclusive: issue.inclusive ?? true };
  if (issue.code === 'invalid_type' && issue.expected === 'int') range.whole = true;
  return `must be ${rangeWords(range)}${found(value)}`;
}

/**
 * The message for `issue`. `value` is the value at the issue's path (`found` false when the
 * field is absent); `schema` is the schema that was parsed, for what it allows.
 */
export function issueMessage(
  issue: Issue,
  at: { found: boolean; value?: unknown } | undefined,
  schema?: z.core.$ZodType,
): string {
  const value = at?.value;
  const absent = at ? !at.found || value === undefined : /received undefined$/.test(issue.message);
  const found: Found = (v) => (at ? `, found ${foundValue(v)}` : '');
  // A schema's own wording (a colour, a deposit's limits) is kept: it already says what is allowed.
  if (!ZOD_WORDING.test(issue.message)) return absent ? `is required (${issue.message})` : issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      if (absent) return `is required (expected ${typeWords(issue.expected)})`;
      if (issue.expected === 'int' && typeof value === 'number') return numberMessage(issue, value, schema, found);
      return `expected ${typeWords(issue.expected)}${found(value)}`;
    }
    case 'too_small':
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return numberMessage(issue, value, schema, found);
      return sizeMessage(issue, value) ?? issue.message;
    case 'invalid_value': {
      if (absent) return `is required (expected one of: ${issue.values.map(plainValue).join(', ')})`;
      const allowed =
        issue.values.length === 1 ? plainValue(issue.values[0]) : `one of: ${issue.values.map(plainValue).join(', ')}`;
      return `expected ${allowed}${found(value)}`;
    }
    case 'invalid_union': {
      const types = unionTypes(issue);
      if (absent) return `is required${types ? ` (expected ${types.join(' or ')})` : ''}`;
      if (types) return `expected ${types.join(' or ')}${found(value)}`;
      return issue.message.replace(/^Invalid (input|option): /, '');
    }
    case 'invalid_format':
      return formatMessage(issue, found(value));
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}${found(value)}`;
    case 'unrecognized_keys': {
      const allowed = schema && fieldsAt(schema, issue.path);
      const keys = issue.keys.map((k) => `"${k}"`).join(', ');
      return `has unknown field${issue.keys.length === 1 ? '' : 's'} ${keys}${allowed?.length ? `; allowed fields: ${allowed.join(', ')}` : ''}`;
    }
    default:
      if (absent && issue.code !== 'custom') return `is required (${issue.message})`;
      return issue.message.replace(/^Invalid (input|option): /, '');
  }
}

function formatMessage(issue: Extract<Issue, { code: 'invalid_format' }>, found: string): string {
  switch (issue.format) {
    case 'url':
      return `must be a web address such as https://www.example.com${found}`;
    case 'email':
      return `must be an email address such as sales@example.com${found}`;
    case 'regex':
      return 'pattern' in issue && issue.pattern
        ? `must match ${String(issue.pattern)}${found}`
        : `${issue.message}${found}`;
    default:
      return `must be a valid ${issue.format}${found}`;
  }
}
