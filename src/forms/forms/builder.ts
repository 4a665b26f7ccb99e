/**
 * A formBuilder form: steps from `formSteps`, each field on the step its `stepKey` names (no or an
 * unknown stepKey: the first step). A single-type form, or one without steps, is one step holding
 * every field; custom rules have nothing to act on there, so it keeps none.
 *
 * A custom step (`isCustom` with a registered `customStepKey`, see src/forms/custom-steps) asks
 * the fields its registry entry builds for the page, before any content field placed on it; a
 * content field on that step with the name of one of them gives way to it. A content field of
 * the same name on another step stays there: both steps then show the one value (the visitor's
 * earlier answer, e.g. a dealership, is the custom step's starting point).
 */
import type { FormBlockData } from '../../content/forms.ts';
import type { FormBase, FormContext, StepDef } from '../types.ts';
import { toFieldDef } from '../content-fields.ts';
import { customStep } from '../custom-steps/index.ts';

export function builderForm(data: FormBlockData, ctx: FormContext): FormBase {
  const fields = data.fields.map((f) => ({ stepKey: f.stepKey, def: toFieldDef(f, ctx) }));
  if (data.type === 'single' || data.formSteps.length === 0) {
    const first = data.formSteps[0];
    return {
      steps: [
        {
          key: first?.key ?? 'main',
          heading: first?.heading ?? '',
          ...(first?.description ? { description: first.description } : {}),
          fields: fields.map((f) => f.def),
          rules: [],
        },
      ],
    };
  }
  const steps: StepDef[] = data.formSteps.map((s, i) => ({
    key: s.key,
    heading: s.heading ?? `Step ${i + 1}`,
    ...(s.description ? { description: s.description } : {}),
    fields: [],
    rules: [...s.customRules],
    ...(s.isCustom && s.customStepKey ? { customStepKey: s.customStepKey } : {}),
  }));
  for (const f of fields) {
    const step = steps.find((s) => s.key === f.stepKey) ?? steps[0]!;
    step.fields.push(f.def);
  }
  for (const step of steps) {
    const custom = customStep(step.customStepKey);
    if (!custom) continue;
    const own = custom.fields(ctx);
    step.fields = [...own, ...step.fields.filter((f) => !own.some((o) => o.name === f.name))];
  }
  return { steps };
}
