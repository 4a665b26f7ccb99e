/**
 * A form block resolved for one page of one dealer: its steps and fields with every site option
 * applied. The island renders a FormDef, and the API validates saves against the same FormDef
 * (through src/forms/schema.ts), so both sides agree on what a step asks for.
 */
import type { FormBlockData } from '../content/forms.ts';
import { layoutFlags } from '../site/cutoffs.ts';
import { formBuilders } from './forms/index.ts';
import { builderForm } from './forms/builder.ts';
import { analyticsEventFor } from './events.ts';
import { FINANCE_CATEGORY } from './forms/finance.ts';
import { optInField, termsField } from './fields.ts';
import { toFieldDef } from './content-fields.ts';
import type { FormBase, FormContext, FormDef, StepDef } from './types.ts';

export type { FieldDef, StepDef, FormDef, FormContext, FormBase } from './types.ts';

export const DEFAULT_CATEGORY = 'General Enquiry';
export const DEFAULT_HEADING = 'Submit an Enquiry';
/** Pages whose path holds finance or finance-enquiry (spec §2). */
export const FINANCE_PATH = /finance/i;

/** Forms with more steps than this show compact progress where the site asks for it. */
export const LONG_FORM_STEPS = 10;

/**
 * The FormDef of a `form` block (by its formType) or a `formBuilder` block (from its steps and
 * fields). A `form` block with neither a formType nor fields is a contact form.
 *
 * A form type's own steps stand whatever the block's `type` says (a finance form always has two).
 * Block fields are merged into them: a field named like a built-in one replaces it (keeping the
 * built-in's label and required where the block does not give them), in place, or on the step its
 * stepKey names when that is another step; a built-in step all of whose fields moved away is left
 * out (so a service booking can have the spec's three steps, Rego, Vehicle Details and Service
 * Date, with the contact fields on the last). Other fields join the step named by their stepKey
 * (else the last step). Block formSteps with a
 * built-in step's key override its heading and description and add their custom rules.
 */
export function resolveForm(block: FormBlockData, ctx: FormContext): FormDef {
  // Tolerates data that skipped the schema's defaults (hand-built blocks in code and tests).
  const data: FormBlockData = {
    ...block,
    category: block.category ?? DEFAULT_CATEGORY,
    heading: block.heading ?? DEFAULT_HEADING,
    fields: block.fields ?? [],
    formSteps: (block.formSteps ?? []).map((s) => ({ ...s, customRules: s.customRules ?? [] })),
  };
  const formType = data.formType ?? (data.fields.length ? 'builder' : 'contact');
  const base =
    formType === 'builder' ? builderForm(data, ctx) : mergeBlock(formBuilders[formType](ctx, data), data, ctx);
  const steps = base.steps.map((s) => ({ ...s, fields: [...s.fields], rules: [...s.rules] }));

  const last = steps[steps.length - 1];
  if (last) {
    if (ctx.site.options.forms.termsRequired) last.fields.push(termsField());
    if (layoutFlags(ctx.publishedAt).formOptIn) last.fields.push(optInField());
  }

  // A form that keeps the default category takes its form type's, else the page's: an enquiry on
  // a finance page (spec §2: paths containing finance or finance-enquiry) is a finance enquiry.
  const pageCategory = FINANCE_PATH.test(ctx.pagePath) ? FINANCE_CATEGORY : undefined;
  const category =
    data.category === DEFAULT_CATEGORY
      ? (base.category ?? pageCategory ?? DEFAULT_CATEGORY)
      : data.category || DEFAULT_CATEGORY;
  const heading = data.heading === DEFAULT_HEADING && base.heading ? base.heading : data.heading || DEFAULT_HEADING;
  const compact = ctx.site.options.forms.longFormCompactProgress && steps.length > LONG_FORM_STEPS;
  return {
    formType,
    kind: steps.length > 1 ? 'multi' : 'single',
    category,
    ...(data.subcategory ? { subcategory: data.subcategory } : {}),
    heading,
    ...(data.description ? { description: data.description } : {}),
    steps,
    submit: base.submit ?? 'lead',
    progress: compact ? 'compact' : 'bar',
    analyticsEvent: base.analyticsEvent ?? analyticsEventFor(category),
  };
}

function mergeBlock(base: FormBase, data: FormBlockData, ctx: FormContext): FormBase {
  if (!data.fields.length && !data.formSteps.length) return base;
  const steps = base.steps.map((s) => ({ ...s, fields: [...s.fields], rules: [...s.rules] }));
  for (const extra of data.formSteps) {
    const step = steps.find((s) => s.key === extra.key);
    if (!step) continue;
    if (extra.heading) step.heading = extra.heading;
    if (extra.description) step.description = extra.description;
    step.rules.push(...extra.customRules);
  }
  const emptied = new Set<StepDef>();
  for (const field of data.fields) {
    const holder = steps.find((s) => s.fields.some((f) => f.name === field.name));
    const builtIn = holder?.fields.find((f) => f.name === field.name);
    // What the block does not say about a built-in field stays as the form type has it.
    const def = toFieldDef(
      builtIn ? { ...field, required: field.required ?? builtIn.required, label: field.label ?? builtIn.label } : field,
      ctx,
    );
    const named = field.stepKey ? steps.find((s) => s.key === field.stepKey) : undefined;
    if (holder && (!named || named === holder)) {
      holder.fields = holder.fields.map((f) => (f.name === def.name ? def : f));
      continue;
    }
    if (holder) {
      // Moved to the step its stepKey names, e.g. the contact fields onto the last step.
      holder.fields = holder.fields.filter((f) => f.name !== def.name);
      if (!holder.fields.length) emptied.add(holder);
    }
    const target = named ?? steps[steps.length - 1];
    target?.fields.push(def);
  }
  // A built-in step whose every field moved elsewhere is left out.
  return { ...base, steps: steps.filter((s) => !emptied.has(s) || s.fields.length > 0) };
}

export { pathSteps } from './rules.ts';
