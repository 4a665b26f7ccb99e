/**
 * A formBuilder form: steps from `formSteps`, each field on the step its `stepKey` names (no or an
 * unknown stepKey: the first step). A single-type form, or one without steps, is one step holding
 * every field; custom rules have nothing to act on there, so it keeps none.
 */
import type { FormBlockData } from '../../content/forms.ts';
import type { FormBase, FormContext, StepDef } from '../definition.ts';
import { toFieldDef } from '../fields.ts';

export function builderForm(data: FormBlockData, ctx: FormContext): FormBase {
  const fields = data.fields.map((f) => ({ stepKey: f.stepKey, def: toFieldDef(f, ctx) }));
  if (data.type === 'single' || data.formSteps.length === 0) {
    const first = data.formSteps[0];
    return {
      steps: [{
        key: first?.key ?? 'main',
        heading: first?.heading ?? '',
        ...(first?.description ? { description: first.description } : {}),
        fields: fields.map((f) => f.def),
        rules: [],
      }],
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
  return { steps };
}
