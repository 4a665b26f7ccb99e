/** The `cars` block's data (content format: `cars`; spec §2 "Cars block"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const carsData = z.object({
  /** The block's heading, over the search panel and results. Absent: no visible heading. */
  heading: opt(z.string()),
  /**
   * Fixed filters: only cars that match them are ever listed (each list is an OR of its values;
   * the lists and the account are ANDed). Absent: the dealer's whole stock (cars.json).
   */
  filters: opt(
    z.object({
      /** Makes to list, e.g. ["Toyota"]. Absent or empty: every make. */
      make: opt(z.array(z.string())),
      /** Car types to list ("new", "used", "demo"). Absent or empty: every type. */
      car_type: opt(z.array(z.string())),
      /** Locations (a car's location_name) to list. Absent or empty: every location. */
      location_name: opt(z.array(z.string())),
      /** The car-listing account the cars must belong to (spec §3 Car: "a car-listing account field"). Absent or blank: any. */
      account: opt(z.string()),
    }),
  ),
  /**
   * Cars per page. Absent: 3; with `show-all-cars` in tunes.classname always 250 (spec §9: "The
   * cars block defaults to 3 hits per page, or 250 with the show-all-cars class").
   */
  hitsPerPage: opt(z.number().int().positive()),
  /** Only cars with at least this many photos (spec §9: "A minimum-photos filter is optional"). Absent or 0: no minimum. */
  minPhotos: opt(z.number().int().nonnegative()),
});

export const definition = defineBlock({ type: 'cars', data: carsData, island: true });
