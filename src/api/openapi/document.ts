/**
 * The OpenAPI 3.1 document of the public API, built from the routes table (src/contract/routes.ts)
 * and the contract's zod schemas by z.toJSONSchema (JSON Schema 2020-12, OpenAPI 3.1's dialect),
 * so a change to a contract schema is a change to the document. Hono's path syntax becomes
 * OpenAPI's: ":id{res_[0-9a-f]{24}}" is "{id}" with the pattern "^res_[0-9a-f]{24}$".
 */
import { z } from 'astro/zod';
import { API_METHODS, API_ROUTES, type ApiRouteName } from '../../contract/routes.ts';
import { STATUS_WORDS, type OperationDoc, type RequestExample } from './operation.ts';
import { SHOP_OPERATIONS } from './operations-shop.ts';
import { STOCK_OPERATIONS } from './operations-stock.ts';

type Json = Record<string, unknown>;

/** Every documented route's words and schemas. */
export const OPERATIONS: Partial<Record<ApiRouteName, OperationDoc>> = { ...SHOP_OPERATIONS, ...STOCK_OPERATIONS };

/**
 * Routes of the table the document leaves out, with why. The MCP server speaks JSON-RPC over
 * Streamable HTTP, which its own `tools/list` describes; OpenAPI has no words for it.
 */
export const LEFT_OUT: Record<string, string> = {
  mcp: 'The MCP server (JSON-RPC over Streamable HTTP) describes its tools itself (tools/list).',
};

/** The API's one error shape. */
export const apiErrorBody = z.object({
  error: z.object({
    status: z.int().meta({ description: 'The HTTP status.' }),
    message: z.string().meta({ description: 'What went wrong, in words a visitor can read.' }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Field name (or path) → its first problem, for refused values.' }),
  }),
});

/** A request schema as the document gives it: what the route takes in (before its transforms). */
export function jsonSchemaOf(schema: z.ZodType): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Json;
  return rest;
}

/** A path's parameters in order: name and the pattern Hono holds it to, if any. */
export function pathParams(path: string): { name: string; pattern?: string }[] {
  return path.split('/').flatMap((segment) => {
    const m = /^:(\w+)(?:\{(.+)\})?$/.exec(segment);
    return m ? [{ name: m[1]!, ...(m[2] ? { pattern: `^${m[2]}$` } : {}) }] : [];
  });
}

/** "/api/reservations/:id{res_[0-9a-f]{24}}" → "/api/reservations/{id}". */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)(?:\{[^/]+\})?/g, '{$1}');
}

function exampleValues(op: OperationDoc, where: 'path' | 'query', name: string): Json | undefined {
  const entries = Object.entries(op.examples).filter(([, e]) => e[where]?.[name] !== undefined);
  if (!entries.length) return undefined;
  return Object.fromEntries(entries.map(([key, e]) => [key, { summary: e.summary, value: e[where]![name] }]));
}

function parameters(path: string, op: OperationDoc): Json[] {
  const list: Json[] = [];
  const pathSchema = op.path ? jsonSchemaOf(op.path) : undefined;
  for (const p of pathParams(path)) {
    const own = (pathSchema?.properties as Record<string, Json> | undefined)?.[p.name];
    const schema = own ?? { type: 'string', ...(p.pattern ? { pattern: p.pattern } : {}) };
    const examples = exampleValues(op, 'path', p.name);
    list.push({ name: p.name, in: 'path', required: true, schema, ...(examples ? { examples } : {}) });
  }
  if (op.query) {
    const json = jsonSchemaOf(op.query);
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((json.properties ?? {}) as Record<string, Json>)) {
      const { description, ...rest } = schema;
      const examples = exampleValues(op, 'query', name);
      list.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: rest,
        ...(description ? { description } : {}),
        ...(examples ? { examples } : {}),
      });
    }
  }
  for (const h of op.headers ?? []) {
    list.push({
      name: h.name,
      in: 'header',
      required: h.required,
      description: h.description,
      schema: { type: 'string' },
    });
  }
  return list;
}

function bodyExample(e: RequestExample): Json {
  return { summary: e.summary, value: e.body, ...(e.signed ? { 'x-signed': e.signed } : {}) };
}

function requestBody(op: OperationDoc): Json | undefined {
  if (!op.body) return undefined;
  const schema = jsonSchemaOf(op.body.schema);
  const content: Json = {};
  for (const type of op.body.contentTypes) {
    const examples = Object.entries(op.examples).filter(
      ([, e]) => e.body !== undefined && (e.contentType ?? op.body!.contentTypes[0]) === type,
    );
    content[type] = {
      schema: type === 'text/csv' ? { type: 'string' } : schema,
      ...(examples.length ? { examples: Object.fromEntries(examples.map(([k, e]) => [k, bodyExample(e)])) } : {}),
    };
  }
  return { required: true, ...(op.body.description ? { description: op.body.description } : {}), content };
}

function responses(op: OperationDoc): Json {
  const { status, description, contentType = 'application/json' } = op.success;
  const success: Json =
    status === 303
      ? { description, headers: { Location: { schema: { type: 'string' } } } }
      : {
          description,
          content: {
            [contentType]: { schema: contentType === 'application/json' ? { type: 'object' } : { type: 'string' } },
          },
        };
  const errors = [...new Set([400, 404, ...op.errors])].sort((a, b) => a - b);
  return {
    [String(status)]: success,
    ...Object.fromEntries(errors.map((s) => [String(s), { $ref: `#/components/responses/Error${s}` }])),
  };
}

function operation(name: ApiRouteName, op: OperationDoc): Json {
  const params = parameters(API_ROUTES[name], op);
  const body = requestBody(op);
  return {
    operationId: name,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(op),
    'x-example-status': Object.fromEntries(Object.entries(op.examples).map(([k, e]) => [k, e.status])),
  };
}

/** The document, its one server being `origin` (the site's own). */
export function openApiDocument(origin: string, siteName?: string): Json {
  const paths: Record<string, Json> = {};
  for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
    const op = OPERATIONS[name];
    if (!op) continue;
    const path = openApiPath(API_ROUTES[name]);
    paths[path] = { ...paths[path], [API_METHODS[name].toLowerCase()]: operation(name, op) };
  }
  const statuses = [...new Set(Object.values(OPERATIONS).flatMap((op) => [400, 404, ...op.errors]))].sort(
    (a, b) => a - b,
  );
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: siteName ? `${siteName} API` : 'Dealer site API',
      version: '1.0.0',
      description:
        'The public API of the dealer’s website: forms and leads, finance, search, stock, reservations, online ' +
        'deals and saved searches. The dealer is the request’s host (or a `site` body field or `?site=`). ' +
        'Every answer other than a route’s success is `{ error: { status, message, fields? } }`. POST routes ' +
        'called from a browser must come from the dealer’s own pages (`Origin`), and take JSON only.',
    },
    servers: [{ url: origin }],
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(apiErrorBody) },
      responses: Object.fromEntries(
        statuses.map((s) => [
          `Error${s}`,
          {
            description: STATUS_WORDS[s] ?? `HTTP ${s}.`,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
