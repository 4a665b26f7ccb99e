/**
 * What a block type declares about itself, beside its component: the zod schema of its `data`,
 * and the lists of child blocks it nests (a column's blocks, an faq answer). Each block type
 * exports its definition from `src/content/blocks/<group>/<type>.ts`; src/content/blocks.ts assembles them.
 * Walking a block tree and validating nested blocks read `children`, so a block that nests blocks
 * says so here and nowhere else; whether it can ship JavaScript (`island`) is said here too, and
 * its component is found by its block folder's name (src/blocks/registry.ts).
 */
import type { z } from './zod.ts';

/**
 * One list of child blocks inside a block's data. `path` leads from the block's `data` to the
 * list (for a column: `['cols', 2, 'blocks']`); validation reports a nested block's errors under
 * it and puts the validated list back there.
 */
export interface ChildList {
  path: readonly (string | number)[];
  blocks: readonly unknown[];
}

export interface BlockDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  /** The block's `type` in the content format. */
  type: T;
  /** The schema of the block's `data`. */
  data: S;
  /**
   * The lists of child blocks the block nests, read from its parsed data (before nested
   * validation the lists hold raw blocks, after it validated ones). Absent: the block nests none.
   */
  children?: (data: z.output<S>) => ChildList[];
  /**
   * The block can ship JavaScript: a React island (a `client:` directive in its component tree)
   * or a bundled `<script>`. A page none of whose blocks says so loads no script of its own
   * (tests/unit/engine/page-scripts.test.ts holds the flags to the components). Absent: static markup only.
   */
  island?: boolean;
  /**
   * The block folder whose component renders this type, when it is not the type's own
   * (`buttonsTool` is drawn by `buttons`). The component is `src/blocks/<folder>/<Folder>.astro`.
   */
  component?: string;
}

/** A block definition, typed by its type name and data schema. */
export function defineBlock<const T extends string, S extends z.ZodType>(
  definition: BlockDefinition<T, S>,
): BlockDefinition<T, S> {
  return definition;
}

/** The child lists of a block's data under its definition: none for a block that nests nothing. */
export function childLists<S extends z.ZodType>(
  definition: BlockDefinition<string, S>,
  data: z.output<S>,
): ChildList[] {
  return definition.children ? definition.children(data) : [];
}
