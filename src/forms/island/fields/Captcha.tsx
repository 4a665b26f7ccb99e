/** The built-in arithmetic check (see ../captcha.ts). */
import { useState } from 'react';
import { useField } from 'formik';
import type { FieldDef } from '../../types.ts';
import { CAPTCHA_PASSED, challengeQuestion, solves } from '../captcha.ts';
import { useFields } from './context.ts';
import { Shell, useFieldState } from './shell.tsx';

export default function Captcha({ field }: { field: FieldDef }) {
  const state = useFieldState(field);
  const { challenge, clearServerError } = useFields();
  const [input, , helpers] = useField<string>(field.name);
  const [answer, setAnswer] = useState(input.value === CAPTCHA_PASSED ? String(challenge.a + challenge.b) : '');
  const labelled = { ...field, label: `${field.label}: ${challengeQuestion(challenge)}`, required: true };
  return (
    <Shell field={labelled} state={state}>
      <input
        {...state.control}
        className="input"
        required
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        value={answer}
        onChange={(e) => {
          setAnswer(e.target.value);
          clearServerError(field.name);
          void helpers.setValue(solves(challenge, e.target.value) ? CAPTCHA_PASSED : '', true);
        }}
        onBlur={input.onBlur}
      />
    </Shell>
  );
}
