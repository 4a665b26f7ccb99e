/**
 * Validates a list of raw blocks: each block's envelope, then its data against its type's
 * schema, recursing into the nested block lists its definition declares (columns, faq answers)
 * with full JSON paths.
 * Unknown types are kept out of the result and reported as warnings; they render nothing (the
 * CMS may add a type before the sites know it). A type a letter or two away from a known one is
 * almost always a typo, and its warning says which type was meant.
 */
import {
  rawBlock,
  blockTypes,
  UNKNOWN_BLOCK,
  blockDataSchemas,
  isBlockType,
  isCustomComponentName,
  nestedBlockLists,
  type Block,
} from './blocks.ts';
import { fromZod, jsonPath, type ContentIssue } from './issues.ts';
import { customStepKeys, isCustomStepKey } from './custom-steps.ts';
import type { FormBlockData } from './forms.ts';
import { editDistance } from '../lib/edit-distance.ts';

/** The block types of the content format: every registered type but the editors' stand-in. */
const contentTypes = blockTypes.filter((t) => t !== UNKNOWN_BLOCK);

/**
 * The known block type an unknown `type` is most likely a typo of: the same letters in another
 * case, or one edit away (two for types of eight letters or more), the nearest first. Undefined
 * when none is that close: a new type, not a typo.
 */
export function meantBlockType(type: string): string | undefined {
  const typed = [...type.toLowerCase()];
  const budget = typed.length >= 8 ? 2 : 1;
  let best: { type: string; distance: number } | undefined;
  for (const known of contentTypes) {
    const distance = editDistance(typed, [...known.toLowerCase()], budget);
    if (distance <= budget && (!best || distance < best.distance)) best = { type: known, distance };
  }
  return best?.type;
}

export interface BlockCheck {
  errors: ContentIssue[];
  warnings: ContentIssue[];
}

export function validateBlocks(
  input: unknown[],
  where: {
    dealer: string;
    file: string;
    page: string;
    prefix: PropertyKey[];
    /** Keep each unknown block as a visible stand-in (the editor preview and preview builds). */
    placeholders?: boolean;
  },
  check: BlockCheck,
): Block[] {
  const out: Block[] = [];
  input.forEach((raw, index) => {
    const prefix = [...where.prefix, index];
    const envelope = rawBlock.safeParse(raw);
    if (!envelope.success) {
      check.errors.push(...fromZod(envelope.error, { ...where, prefix }, raw, rawBlock));
      return;
    }
    const { type } = envelope.data;
    if (!isBlockType(type) || type === UNKNOWN_BLOCK) {
      check.warnings.push({
        dealer: where.dealer,
        file: where.file,
        path: jsonPath(prefix),
        message: unknownTypeMessage(type, where.page),
      });
      if (where.placeholders) {
        const meant = meantBlockType(type);
        out.push({
          id: String(envelope.data.id),
          type: UNKNOWN_BLOCK,
          data: { type, ...(meant ? { meant } : {}) },
          tunes: {},
          index,
        });
      }
      return;
    }
    const parsed = blockDataSchemas[type].safeParse(envelope.data.data);
    if (!parsed.success) {
      check.errors.push(
        ...fromZod(parsed.error, { ...where, prefix: [...prefix, 'data'] }, envelope.data.data, blockDataSchemas[type]),
      );
      return;
    }
    let data = parsed.data as Record<string, unknown>;
    if (type === 'customComponent' && !isCustomComponentName(data.component as string)) {
      check.warnings.push({
        dealer: where.dealer,
        file: where.file,
        path: jsonPath([...prefix, 'data', 'component']),
        message: `custom component "${data.component as string}" on page ${where.page} is not registered and renders nothing`,
      });
    }
    if (type === 'form' || type === 'formBuilder') {
      checkFormSteps(
        type === 'formBuilder' ? { ...(data as FormBlockData), formType: undefined } : (data as FormBlockData),
        { ...where, prefix: [...prefix, 'data'] },
        check,
      );
    }
    for (const list of nestedBlockLists(type, data)) {
      const blocks = validateBlocks([...list.blocks], { ...where, prefix: [...prefix, 'data', ...list.path] }, check);
      data = replacedAt(data, list.path, blocks) as Record<string, unknown>;
    }
    out.push({
      id: String(envelope.data.id),
      type,
      data,
      tunes: envelope.data.tunes ?? {},
      index,
    } as Block);
  });
  return out;
}

/**
 * `value` with the part at `path` replaced, copying each object and array on the way down so the
 * parsed input is never changed in place.
 */
function replacedAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    copy[key as number] = replacedAt(copy[key as number], rest, replacement);
    return copy;
  }
  const record = value as Record<string | number, unknown>;
  return { ...record, [key]: replacedAt(record[key], rest, replacement) };
}

/**
 * The steps of a form block: a custom step must name a registered custom step (an unknown key is
 * an error: the step would ask nothing), and a step that hides Next should have something that
 * moves it on. The latter is a warning, not an error: the content is valid, and the form keeps
 * Next visible on such a step (src/forms/rules.ts shownButtons), so no visitor is stranded.
 *
 * Fields are placed as the form builder places them (src/forms/forms/builder.ts), so this is
 * checked where the block's own steps and fields make the whole form: a multi-step formBuilder
 * form (or a `form` block without a formType). A built-in form type's steps hold fields of their
 * own that content does not show, so their hideButton rules are left to the runtime fallback.
 */
function checkFormSteps(
  data: FormBlockData,
  where: { dealer: string; file: string; page: string; prefix: PropertyKey[] },
  check: BlockCheck,
): void {
  const at = (...parts: PropertyKey[]) => jsonPath([...where.prefix, ...parts]);
  data.formSteps.forEach((step, i) => {
    const key = step.customStepKey?.trim();
    if (step.isCustom && !key) {
      check.errors.push({
        dealer: where.dealer,
        file: where.file,
        path: at('formSteps', i),
        message: `step "${step.key}" on page ${where.page} is a custom step (isCustom) but names no customStepKey; registered custom steps: ${customStepKeys.join(', ')}`,
      });
    } else if (step.isCustom && key && !isCustomStepKey(key)) {
      check.errors.push({
        dealer: where.dealer,
        file: where.file,
        path: at('formSteps', i, 'customStepKey'),
        message: `unknown custom step "${key}" on step "${step.key}" of page ${where.page}; registered custom steps: ${customStepKeys.join(', ')}`,
      });
    } else if (!step.isCustom && key) {
      check.warnings.push({
        dealer: where.dealer,
        file: where.file,
        path: at('formSteps', i, 'customStepKey'),
        message: `customStepKey "${key}" on step "${step.key}" of page ${where.page} is ignored without isCustom: true`,
      });
    }
  });

  const builder = !data.formType && data.fields.length > 0 && data.type === 'multi' && data.formSteps.length > 0;
  if (!builder) return;
  const keys = new Set(data.formSteps.map((s) => s.key));
  data.formSteps.forEach((step, i) => {
    const rule = step.customRules.findIndex(
      (r) => r.type === 'hideButton' && (r.button === 'next' || r.button === 'both'),
    );
    if (rule < 0) return;
    const onStep = data.fields.filter(
      (f) => f.stepKey === step.key || (i === 0 && (!f.stepKey || !keys.has(f.stepKey))),
    );
    const picks = onStep.some((f) => f.type === 'radio' || f.type === 'radioCard');
    const custom = step.isCustom && !!step.customStepKey && isCustomStepKey(step.customStepKey);
    if (picks || custom) return;
    check.warnings.push({
      dealer: where.dealer,
      file: where.file,
      path: at('formSteps', i, 'customRules', rule),
      message: `step "${step.key}" on page ${where.page} hides its Next button but has nothing a visitor picks to move on (no radio or radioCard field, no custom step); Next stays visible`,
    });
  });
}

function unknownTypeMessage(type: string, page: string): string {
  const meant = meantBlockType(type);
  return `unknown block type "${type}" on page ${page} renders nothing${meant ? `: did you mean "${meant}"?` : ''}`;
}
