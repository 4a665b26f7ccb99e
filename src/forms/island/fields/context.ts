/** What every field of one form island shares: its id prefix, server messages, captchas. */
import { createContext, useContext } from 'react';
import type { Challenge } from '../captcha.ts';

export interface FieldsContext {
  idBase: string;
  /** Field name → the server's message for it (400 `fields`), until the visitor edits it. */
  serverErrors: Record<string, string>;
  clearServerError(name: string): void;
  challenge: Challenge;
  /** Chose an option of a step whose Next button is hidden: the step moves on by itself. */
  chose(name: string): void;
}

export const FieldsCtx = createContext<FieldsContext | null>(null);

export function useFields(): FieldsContext {
  const ctx = useContext(FieldsCtx);
  if (!ctx) throw new Error('form fields must be inside a form island');
  return ctx;
}

export function fieldId(idBase: string, name: string): string {
  return `${idBase}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
