/**
 * The form engine: one FormDef as a single or multi-step Formik form, validated step by step with
 * the shared yup schema. The server render shows the first step, so the form is readable before
 * it hydrates.
 */
import { useMemo, useState } from 'react';
import { Formik } from 'formik';
import type { FormIslandProps } from './props.ts';
import { initialValues, type Values } from './values.ts';
import { validateStep } from './validate.ts';
import FormSteps from './FormSteps.tsx';

export default function FormIsland(props: FormIslandProps) {
  const { def } = props;
  const [index, setIndex] = useState(0);
  const initial = useMemo<Values>(() => ({ ...initialValues(def), ...props.pageValues }), [def, props.pageValues]);
  const step = def.steps[index] ?? def.steps[0]!;
  return (
    <Formik<Values>
      initialValues={initial}
      validate={(values) => validateStep(def, step, values)}
      onSubmit={() => undefined}
    >
      <FormSteps {...props} index={index} setIndex={setIndex} />
    </Formik>
  );
}
