/**
 * Validates a list of raw blocks: each block's envelope, then its data against its type's
 * schema, recursing into nested block lists (columns, faq answers) with full JSON paths.
 * Unknown types are kept out of the result and reported as warnings; they render nothing.
 */
import { rawBlock, blockDataSchemas, isBlockType, type Block } from './blocks.ts';
import { fromZod, jsonPath, type ContentIssue } from './issues.ts';
import { isCustomComponentName } from '../blocks/customComponent/names.ts';

export interface BlockCheck {
  errors: ContentIssue[];
  warnings: ContentIssue[];
}

export function validateBlocks(
  input: unknown[],
  where: { dealer: string; file: string; page: string; prefix: PropertyKey[] },
  check: BlockCheck,
): Block[] {
  const out: Block[] = [];
  input.forEach((raw, index) => {
    const prefix = [...where.prefix, index];
    const envelope = rawBlock.safeParse(raw);
    if (!envelope.success) {
      check.errors.push(...fromZod(envelope.error, { ...where, prefix }, raw));
      return;
    }
    const { type } = envelope.data;
    if (!isBlockType(type)) {
      check.warnings.push({
        dealer: where.dealer,
        file: where.file,
        path: jsonPath(prefix),
        message: `unknown block type "${type}" on page ${where.page} renders nothing`,
      });
      return;
    }
    const parsed = blockDataSchemas[type].safeParse(envelope.data.data);
    if (!parsed.success) {
      check.errors.push(...fromZod(parsed.error, { ...where, prefix: [...prefix, 'data'] }, envelope.data.data));
      return;
    }
    const data = parsed.data as Record<string, unknown>;
    if (type === 'customComponent' && !isCustomComponentName(data.component as string)) {
      check.warnings.push({
        dealer: where.dealer,
        file: where.file,
        path: jsonPath([...prefix, 'data', 'component']),
        message: `custom component "${data.component as string}" on page ${where.page} is not registered and renders nothing`,
      });
    }
    if (type === 'columns') {
      const cols = data.cols as { width?: number; blocks: unknown[] }[];
      data.cols = cols.map((col, c) => ({
        ...col,
        blocks: validateBlocks(col.blocks, { ...where, prefix: [...prefix, 'data', 'cols', c, 'blocks'] }, check),
      }));
    } else if (type === 'faq') {
      const questions = data.questions as { question: string; answer: unknown[] }[];
      data.questions = questions.map((q, n) => ({
        ...q,
        answer: validateBlocks(q.answer, { ...where, prefix: [...prefix, 'data', 'questions', n, 'answer'] }, check),
      }));
    }
    out.push({
      id: String(envelope.data.id),
      type,
      data,
      tunes: envelope.data.tunes ?? {},
      index,
    } as Block);
  });
  return out;
}
