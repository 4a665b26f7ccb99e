/**
 * The JSDoc of the content schemas' fields, read from their source, so that the CMS shows each
 * field's own documentation as its hint and no second copy of it is kept.
 *
 * The TypeScript compiler reads the schema files; a walk follows a schema expression the way zod
 * builds it (`z.object({...})`, `z.array(x)`, `opt(x)`, `x.nullish()`, `x.extend({...})`, a
 * `defineBlock({ data })`, a plain object of schemas, a name imported from another file) and
 * records each object property's JSDoc under its path: `cols.[].width` for the `width` of a
 * column of the `columns` block. `[]` stands for an array's items and `{}` for a record's values.
 */
import path from 'node:path';
import ts from 'typescript';

/** JSDoc text by field path (segments joined with "."). */
export type FieldDocs = Map<string, string>;

const OBJECT_BUILDERS = new Set(['object', 'looseObject', 'strictObject']);
/** Methods that keep the schema they are called on (its docs are the receiver's). */
const WRAPPERS = new Set([
  'nullish',
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'min',
  'max',
  'int',
  'nonnegative',
  'positive',
  'trim',
  'regex',
  'refine',
  'superRefine',
  'check',
  'transform',
  'pipe',
  'describe',
  'meta',
  'readonly',
  'brand',
  'passthrough',
  'strict',
  'loose',
]);

/**
 * Reads `exportName` of `file` (relative to `root`) and returns the docs of every field reachable
 * from it. One program serves all calls of the returned reader.
 */
export function fieldDocsReader(root: string, files: string[]): (file: string, exportName: string) => FieldDocs {
  const program = ts.createProgram(
    files.map((f) => path.join(root, f)),
    {
      allowImportingTsExtensions: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();

  return (file, exportName) => {
    const source = program.getSourceFile(path.join(root, file));
    if (!source) throw new Error(`${file}: not found among the schema files`);
    const symbol = checker.getSymbolAtLocation(source);
    const exported = symbol && checker.getExportsOfModule(symbol).find((s) => s.name === exportName);
    if (!exported) throw new Error(`${file}: exports no "${exportName}"`);
    const docs: FieldDocs = new Map();
    const seen = new Set<string>();
    walkSymbol(exported, [], docs, seen);
    return docs;
  };

  function walkSymbol(symbol: ts.Symbol, at: string[], docs: FieldDocs, seen: Set<string>): void {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const declaration = target.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return;
    const key = `${declaration.getSourceFile().fileName}:${declaration.pos}:${at.join('.')}`;
    if (seen.has(key)) return;
    seen.add(key);
    walk(declaration.initializer, at, docs, seen);
  }

  function walk(node: ts.Expression, at: string[], docs: FieldDocs, seen: Set<string>): void {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
      walk(node.expression, at, docs, seen);
    } else if (ts.isIdentifier(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      if (symbol) walkSymbol(symbol, at, docs, seen);
    } else if (ts.isPropertyAccessExpression(node)) {
      const symbol = checker.getSymbolAtLocation(node.name);
      if (symbol) walkSymbol(symbol, at, docs, seen);
    } else if (ts.isObjectLiteralExpression(node)) {
      walkProperties(node, at, docs, seen);
    } else if (ts.isCallExpression(node)) {
      walkCall(node, at, docs, seen);
    }
  }

  function walkCall(call: ts.CallExpression, at: string[], docs: FieldDocs, seen: Set<string>): void {
    const [first, second] = call.arguments;
    const callee = call.expression;
    if (ts.isIdentifier(callee)) {
      // `opt(x)`, `defineBlock({ data })`, and other helpers that wrap one schema.
      if (callee.text === 'defineBlock' && first && ts.isObjectLiteralExpression(first)) {
        const data = first.properties.find((p) => propertyName(p) === 'data');
        if (data && ts.isPropertyAssignment(data)) walk(data.initializer, at, docs, seen);
      } else if (first) walk(first, at, docs, seen);
      return;
    }
    if (!ts.isPropertyAccessExpression(callee)) return;
    const method = callee.name.text;
    if (OBJECT_BUILDERS.has(method) && first && ts.isObjectLiteralExpression(first)) {
      walkProperties(first, at, docs, seen);
    } else if (method === 'array' && first) {
      walk(first, [...at, '[]'], docs, seen);
    } else if (method === 'record' && second) {
      walk(second, [...at, '{}'], docs, seen);
    } else if (method === 'union' && first && ts.isArrayLiteralExpression(first)) {
      for (const option of first.elements) walk(option, at, docs, seen);
    } else if (method === 'extend' && first) {
      walk(callee.expression, at, docs, seen);
      walk(first, at, docs, seen);
    } else if (WRAPPERS.has(method)) {
      walk(callee.expression, at, docs, seen);
    }
  }

  function walkProperties(object: ts.ObjectLiteralExpression, at: string[], docs: FieldDocs, seen: Set<string>) {
    for (const property of object.properties) {
      const name = propertyName(property);
      if (name === undefined) continue;
      const here = [...at, name];
      const doc = jsDocText(property);
      if (doc) docs.set(here.join('.'), doc);
      if (ts.isPropertyAssignment(property)) walk(property.initializer, here, docs, seen);
      else if (ts.isShorthandPropertyAssignment(property)) {
        const symbol = checker.getShorthandAssignmentValueSymbol(property);
        if (symbol) walkSymbol(symbol, here, docs, seen);
      }
    }
  }
}

function propertyName(property: ts.ObjectLiteralElementLike): string | undefined {
  const name = property.name;
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** The property's JSDoc as one paragraph of plain text ({@link x} → x), or undefined. */
function jsDocText(node: ts.Node): string | undefined {
  const parts = ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  return parts
    .join(' ')
    .replace(/\{@link\s+([^}\s|]+)(?:[\s|]+([^}]*))?\}/g, (_, target: string, text?: string) => text || target)
    .replace(/\s+/g, ' ')
    .trim();
}
