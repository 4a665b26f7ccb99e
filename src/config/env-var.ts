/**
 * The shape of one environment variable's declaration: its type, its default, who reads it, and
 * what it does. The groups in env-*.ts declare every variable the product reads in this shape.
 */

/**
 * - `text`: used as written (a folder, a slug list, a prefix);
 * - `url`: an absolute http(s) URL;
 * - `secret`: a key or token, never logged;
 * - `int`: a whole number from 1, read with `envInt`, which throws naming the variable;
 * - `list`: comma-separated values;
 * - `flag`: "1" turns it on.
 */
export type EnvType = 'text' | 'url' | 'secret' | 'int' | 'list' | 'flag';

export interface EnvVar {
  type: EnvType;
  /** What applies when the variable is unset or empty; undefined: the behaviour is off. */
  default?: string | number;
  /** Who reads it: the static-site build, the API (local server and functions), or one platform. */
  usedBy:
    'build' | 'build, dev' | 'API' | 'API server' | 'dev, API server' | 'API bundle' | 'API on Vercel' | 'internal';
  /** Also read per dealer as `<NAME>_<SLUG>` (the slug in upper snake case), which wins over the plain name. */
  perDealer?: boolean;
  /** For `int`: the unit named in the error message, and the largest value accepted. */
  unit?: string;
  max?: number;
  description: string;
}
