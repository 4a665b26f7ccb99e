/**
 * Reads a Markdown table out of a document: the first table after the heading `heading`, as one
 * record per row keyed by the header cells. Cells are trimmed; pipes escaped as `\|` stay in the cell.
 */
export function markdownTable(markdown: string, heading: string): Record<string, string>[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.replace(/^#+\s*/, '').trim() === heading && /^#+\s/.test(l));
  if (start < 0) throw new Error(`no heading "${heading}"`);
  let i = start + 1;
  while (i < lines.length && !lines[i]!.trimStart().startsWith('|')) {
    if (/^#+\s/.test(lines[i]!)) throw new Error(`no table under the heading "${heading}"`);
    i++;
  }
  const rows: string[][] = [];
  for (; i < lines.length && lines[i]!.trimStart().startsWith('|'); i++) rows.push(cells(lines[i]!));
  const [header, separator, ...body] = rows;
  if (!header || !separator?.every((c) => /^:?-+:?$/.test(c)))
    throw new Error(`the table under "${heading}" has no header row`);
  return body.map((row) => Object.fromEntries(header.map((name, k) => [name, row[k] ?? ''])));
}

function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replaceAll('\\|', '|'));
}

/** The text inside the first backticks of a cell, or undefined when it has none. */
export function codeIn(cell: string): string | undefined {
  return /`([^`]*)`/.exec(cell)?.[1];
}
