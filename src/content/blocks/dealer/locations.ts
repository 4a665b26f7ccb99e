/** The `locations` block's data (content format: `locations`; spec §2 "Locations and contact"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const locationsData = z.object({
  /** The block's heading. Absent: no visible heading (the block is labelled for assistive technology). */
  heading: opt(z.string()),
  /**
   * Only the locations of this type (a location's location_type, compared lowercased; spec §3
   * Location). Absent: every location.
   */
  locationType: opt(z.enum(['sales', 'service', 'parts'])),
  /**
   * Adds the nearby-dealership search with a map (spec §2: "Location search supports nearby
   * dealership lookup with a map"; radius and distances in spec §9). Absent: no search.
   */
  search: opt(z.boolean()),
});

export const definition = defineBlock({ type: 'locations', data: locationsData, island: true });
