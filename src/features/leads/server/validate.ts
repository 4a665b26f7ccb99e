/**
 * Server-side validation of a lead save with the form's own yup schemas: the form block is found
 * on the dealer's page (nested columns included), resolved to the FormDef the island rendered
 * (as src/components/form/form-props.ts resolves it), and the values checked against one step
 * (partial save) or every step on the visitor's path (final save).
 */
import { ValidationError } from 'yup';
import type { Block } from '../../../content/blocks.ts';
import type { FormBlockData } from '../../../content/forms.ts';
import type { DealerContent } from '../../../content/load.ts';
import { resolveForm, type FormDef } from '../../../forms/definition.ts';
import { formSchema, normaliseLeadValues, stepSchema } from '../../../forms/schema.ts';
import { generatedPage } from '../../../domain/pages.ts';
import { walkBlocks } from '../../../site/page-blocks.ts';

export interface FoundForm {
  page: { id: string; title: string; path: string; publishedAt: string };
  blockId: string;
  def: FormDef;
}

type FormBlock = Extract<Block, { type: 'form' | 'formBuilder' }>;

function findBlock(blocks: Block[], blockId: string): FormBlock | undefined {
  for (const b of walkBlocks(blocks)) {
    if ((b.type === 'form' || b.type === 'formBuilder') && b.id === blockId) return b;
  }
  return undefined;
}

/**
 * Forms already resolved, per dealer, by page and block. Content does not change while the API
 * runs; a generated page's form follows the date (its layout is today's), so an entry lasts a day.
 */
const resolved = new WeakMap<DealerContent, Map<string, { day: string; found: FoundForm | undefined }>>();

/** The form a save names, resolved for its page; undefined when the site has no such form. */
export function findForm(dealer: DealerContent, pageId: string, blockId: string, now: Date): FoundForm | undefined {
  const day = now.toISOString().slice(0, 10);
  let forDealer = resolved.get(dealer);
  if (!forDealer) resolved.set(dealer, (forDealer = new Map<string, { day: string; found: FoundForm | undefined }>()));
  const key = `${pageId}\u0000${blockId}`;
  const hit = forDealer.get(key);
  if (hit && hit.day === day) return hit.found;
  const found = resolveFound(dealer, pageId, blockId, day);
  // Unknown ids are not kept: a visitor could otherwise fill the map with made-up ones.
  if (found) forDealer.set(key, { day, found });
  return found;
}

function resolveFound(dealer: DealerContent, pageId: string, blockId: string, day: string): FoundForm | undefined {
  const snapshot = dealer.pages.find((p) => String(p.id) === pageId);
  const source = snapshot
    ? {
        page: { id: pageId, title: snapshot.title, path: snapshot.path, publishedAt: snapshot.publishedAt },
        blocks: snapshot.blocks,
      }
    : generatedPage(dealer, pageId, day);
  if (!source) return undefined;
  const block = findBlock(source.blocks, blockId);
  if (!block) return undefined;
  // As FormBuilder.astro does: a formBuilder block is built from its own steps and fields.
  const data: FormBlockData = block.type === 'formBuilder' ? { ...block.data, formType: undefined } : block.data;
  const def = resolveForm(data, {
    site: dealer.site,
    locations: dealer.locations,
    models: dealer.models,
    pagePath: source.page.path,
    publishedAt: source.page.publishedAt,
  });
  return { page: source.page, blockId, def };
}

type Kind = 'text' | 'choice' | 'check' | 'any';

/** The kinds of value a field of each type holds, as the island sends them (null or '' when empty). */
function kindOf(type: string): Kind {
  switch (type) {
    case 'check':
      return 'check';
    case 'hidden':
      return 'any';
    case 'currency':
    case 'year':
    case 'make':
    case 'radio':
    case 'radioCard':
    case 'select':
    case 'leadCategorySelect':
    case 'locationSelect':
      return 'choice';
    default:
      return 'text';
  }
}

const KIND_WORDS: Record<Exclude<Kind, 'any'>, string> = {
  text: 'must be text',
  choice: 'must be text or a number',
  check: 'must be true or false',
};

function fits(kind: Kind, v: unknown): boolean {
  if (v === null || kind === 'any') return true;
  if (kind === 'text') return typeof v === 'string';
  if (kind === 'choice') return typeof v === 'string' || typeof v === 'number';
  return typeof v === 'boolean' || typeof v === 'string';
}

/**
 * Values whose type is not the one their field declares (a name sent as a list, an email as an
 * object): field name → message. The yup rules read values as their declared type, so these
 * are refused before them.
 */
export function typeErrors(def: FormDef, values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const step of def.steps) {
    for (const f of step.fields) {
      if (f.name in errors || !Object.hasOwn(values, f.name)) continue;
      const kind = kindOf(f.type);
      if (kind !== 'any' && !fits(kind, values[f.name])) errors[f.name] = `${f.label || f.name} ${KIND_WORDS[kind]}.`;
    }
  }
  return errors;
}

/** Field name → first message; empty when the values pass. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ValidationError)) throw error;
  const fields: Record<string, string> = {};
  for (const e of error.inner.length ? error.inner : [error]) {
    const name = e.path ?? '';
    if (!(name in fields)) fields[name] = e.message;
  }
  return fields;
}

async function check(schema: { validate(v: unknown, o: object): Promise<unknown> }, values: Record<string, unknown>) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (e) {
    return fieldErrors(e);
  }
}

/**
 * Errors of a save's values: the step's fields for a partial save, every step on the visitor's
 * path for the final one. The server cannot see whether the visitor is signed in, so a path that
 * skips an authentication step (skipAuthentication rule) is accepted too.
 *
 * Values that pass are normalised in place (normaliseLeadValues: phone numbers in E.164), so the
 * lead the route stores, and its step values, hold the one form whatever the client sent.
 */
export async function validateValues(
  def: FormDef,
  step: string,
  isLastStep: boolean,
  values: Record<string, unknown>,
): Promise<Record<string, string>> {
  const errors = await errorsOf(def, step, isLastStep, values);
  if (!Object.keys(errors).length) Object.assign(values, normaliseLeadValues(def, values));
  return errors;
}

async function errorsOf(
  def: FormDef,
  step: string,
  isLastStep: boolean,
  values: Record<string, unknown>,
): Promise<Record<string, string>> {
  const wrongTypes = typeErrors(def, values);
  if (Object.keys(wrongTypes).length) return wrongTypes;
  if (!isLastStep) {
    if (!def.steps.some((s) => s.key === step)) return { '': `The form has no step "${step}".` };
    return check(stepSchema(def, step), values);
  }
  const errors = await check(formSchema(def, values), values);
  if (!Object.keys(errors).length) return errors;
  const skipsAuth = def.steps.some((s) => s.rules.some((r) => r.type === 'skipAuthentication'));
  if (skipsAuth && !Object.keys(await check(formSchema(def, values, { userHasPhone: true }), values)).length) return {};
  return errors;
}

/** The values of one step's fields (all values when the step is unknown). */
export function stepValues(
  def: FormDef | undefined,
  step: string,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const fields = def?.steps.find((s) => s.key === step)?.fields;
  if (!fields) return values;
  return Object.fromEntries(fields.filter((f) => f.name in values).map((f) => [f.name, values[f.name]]));
}
