/**
 * The stand-in for a block of a type the sites do not know, shown to editors only. The content
 * format has no such type: validation makes one, and only for the editor preview (`npm run dev`)
 * and `--preview` builds, where a block that renders nothing would hide an editor's mistake. A
 * production build drops unknown blocks (they render nothing), and a snapshot block typed
 * `unknownBlock` is itself an unknown type.
 */
import { z } from '../zod.ts';
import { defineBlock } from '../block-definition.ts';

export const UNKNOWN_BLOCK = 'unknownBlock';

export const unknownBlockData = z.object({
  /** The type the snapshot gave the block, as written. */
  type: z.string(),
  /** The type the editor most likely meant (a near miss of a known type), when there is one. */
  meant: z.string().optional(),
});

export const definition = defineBlock({ type: UNKNOWN_BLOCK, data: unknownBlockData });
