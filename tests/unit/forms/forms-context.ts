/** Builders of FormContext and form block data for the forms tests, validated by the real schemas. */
import { siteSchema, type SiteInput } from '../../../src/content/site.ts';
import { location as locationSchema, model as modelSchema } from '../../../src/content/entities.ts';
import { formData } from '../../../src/content/forms.ts';
import { resolveForm, type FormContext, type FormDef } from '../../../src/forms/definition.ts';

export type Opts = NonNullable<SiteInput['options']>;

export interface LocationSpec {
  id: number;
  type: string;
  name?: string;
  makes?: string[];
  dealership?: string;
}

export function loc(spec: LocationSpec) {
  return locationSchema.parse({
    id: spec.id,
    name: spec.name ?? `Location ${spec.id}`,
    location_type: spec.type,
    manufacturers: spec.makes ?? ['Toyota'],
    address: { lat: -33.4, long: 151.3, address: '1 Test St' },
    dealership: { id: spec.id * 10, slug: spec.dealership ?? `dealership-${spec.id}` },
  });
}

export interface CtxSpec {
  options?: Opts;
  country?: 'AU' | 'NZ';
  state?: string;
  manufacturer?: string;
  locations?: LocationSpec[];
  models?: { slug: string; name: string; id?: number; status?: 'available' | 'coming_soon' }[];
  publishedAt?: string;
  pagePath?: string;
}

export function ctx(spec: CtxSpec = {}): FormContext {
  return {
    site: siteSchema.parse({
      id: 1,
      slug: 'test-motors',
      name: 'Test Motors',
      url: 'https://www.testmotors.com.au',
      country: spec.country ?? 'AU',
      state: spec.state ?? 'NSW',
      manufacturer: spec.manufacturer ?? 'Toyota',
      options: spec.options ?? {},
    }),
    locations: (spec.locations ?? [{ id: 1, type: 'sales' }]).map(loc),
    models: (spec.models ?? []).map((m) => modelSchema.parse(m)),
    pagePath: spec.pagePath ?? '/test',
    publishedAt: spec.publishedAt ?? '2024-01-01',
  };
}

export function form(data: Record<string, unknown>, spec: CtxSpec = {}): FormDef {
  return resolveForm(formData.parse(data), ctx(spec));
}

export const stepKeys = (def: FormDef) => def.steps.map((s) => s.key);
export const headings = (def: FormDef) => def.steps.map((s) => s.heading);
export const fieldNames = (def: FormDef, key: string) => step(def, key).fields.map((f) => f.name);
export const step = (def: FormDef, key: string) => {
  const s = def.steps.find((x) => x.key === key);
  if (!s) throw new Error(`no step ${key} in ${stepKeys(def).join(', ')}`);
  return s;
};
export const fieldOf = (def: FormDef, name: string) => {
  const f = def.steps.flatMap((s) => s.fields).find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};
export const hasField = (def: FormDef, name: string) => def.steps.some((s) => s.fields.some((f) => f.name === name));
/** Validation errors by field name (first message each); {} when valid. */
export async function errorsOf(
  schema: { validate: (v: unknown, o: object) => Promise<unknown> },
  values: Record<string, unknown>,
) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {} as Record<string, string>;
  } catch (e) {
    const out: Record<string, string> = {};
    for (const inner of (e as { inner: { path?: string; message: string }[] }).inner) {
      if (inner.path && !(inner.path in out)) out[inner.path] = inner.message;
    }
    return out;
  }
}
