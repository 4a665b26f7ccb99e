/**
 * The `regoLookup` custom step's fields (its component is src/features/rego-lookup/ui/RegoLookup.tsx):
 * the rego, and in Australia the state it is registered in (plates are issued by state).
 */
import type { FieldDef, FormContext } from '../types.ts';
import { field, vehicleStateField } from '../fields.ts';
import { locale } from '../../lib/locale.ts';

export const REGO_LOOKUP_OWNS = ['RegoOrVin', 'vehicle_state'] as const;

export function regoLookupFields(ctx: FormContext): FieldDef[] {
  return [
    field('RegoOrVin', 'rego', 'Rego or Number Plate', false),
    ...(locale(ctx.site.country).vehicle.registeredByState ? [vehicleStateField(ctx)] : []),
  ];
}
