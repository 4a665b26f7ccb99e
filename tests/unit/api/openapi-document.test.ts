/**
 * The OpenAPI document (src/api/openapi/): a valid OpenAPI 3.1 document by the official schemas
 * (@seriousme/openapi-schema-validator), covering every route of src/contract/routes.ts but those
 * it leaves out with a reason, its request schemas being the contract's own, and served at
 * GET /api/openapi.json with the site's origin as its server.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/api/app.ts';
import type { ApiDeps, Db } from '../../../src/api/core/deps.ts';
import { LEFT_OUT, OPERATIONS, openApiDocument, openApiPath } from '../../../src/api/openapi/document.ts';
import { reviewsQuery } from '../../../src/contract/catalogue.ts';
import { API_METHODS, API_ROUTES, type ApiRouteName } from '../../../src/contract/routes.ts';
import { leadSaveRequest } from '../../../src/features/leads/contract/leads.ts';
import { reservationRequest } from '../../../src/features/reservations/contract/reservations.ts';
import { fixtureDealers } from '../../helpers/db.ts';

type Json = Record<string, any>;

const doc: Json = openApiDocument('https://www.minimotors.com.au', 'Mini Motors');
const opOf = (name: ApiRouteName): Json => doc.paths[openApiPath(API_ROUTES[name])][API_METHODS[name].toLowerCase()];
const contractSchema = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('has every route of the routes table, or says why it leaves one out', () => {
    for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
      if (name in LEFT_OUT) {
        expect(OPERATIONS[name], name).toBeUndefined();
        continue;
      }
      expect(opOf(name)?.operationId, name).toBe(name);
    }
    const documented = Object.values(doc.paths as Json).flatMap((item) => Object.keys(item));
    expect(documented.length).toBe(Object.keys(API_ROUTES).filter((n) => !(n in LEFT_OUT)).length);
  });

  it('gives each operation words, its error answers in the one error shape, and an example of each body', () => {
    for (const name of Object.keys(OPERATIONS) as ApiRouteName[]) {
      const op = opOf(name);
      expect(op.summary, name).toBeTruthy();
      expect(op.description, name).toBeTruthy();
      expect(op.responses['400'].$ref, name).toBe('#/components/responses/Error400');
      expect(Object.keys(op['x-example-status']).length, name).toBeGreaterThan(0);
      if (op.requestBody) {
        const media = Object.values(op.requestBody.content as Json);
        expect(media.flatMap((m) => Object.keys(m.examples ?? {})).length, name).toBeGreaterThan(0);
      }
    }
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['status', 'message']);
  });

  it('turns Hono’s path parameters into OpenAPI’s, with their patterns', () => {
    expect(doc.paths['/api/reservations/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: '^res_[0-9a-f]{24}$' },
    });
    expect(doc.paths['/api/{sendTo}'].post.parameters[0].schema.pattern).toBe('^send-to-[A-Za-z0-9_-]+$');
  });

  it('takes its request schemas from the contract, so a change there changes the document', () => {
    const json = 'application/json';
    expect(opOf('leads').requestBody.content[json].schema).toEqual(contractSchema(leadSaveRequest));
    expect(opOf('reservations').requestBody.content[json].schema).toEqual(contractSchema(reservationRequest));
    const query = contractSchema(reviewsQuery);
    const params = opOf('reviews').parameters as Json[];
    expect(params.map((p) => [p.name, p.required, p.schema])).toEqual(
      Object.entries(query.properties).map(([n, s]) => [n, query.required.includes(n), s]),
    );
    // A schema changed is the document changed.
    const changed = leadSaveRequest.extend({ extra: z.string() });
    expect(contractSchema(changed)).not.toEqual(opOf('leads').requestBody.content[json].schema);
  });
});

describe('GET /api/openapi.json', () => {
  const unusedDb = { query: () => Promise.reject(new Error('no database')) } as unknown as Db;

  async function get(host: string) {
    const deps = { db: unusedDb, dealers: await fixtureDealers(), now: () => new Date() } as unknown as ApiDeps;
    return createApp(deps).fetch(new Request(`http://${host}/api/openapi.json`, { headers: { host } }));
  }

  it('answers the document with the site’s own origin as its server', async () => {
    const local = await get('mini-motors.localhost:4321');
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(local.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = (await local.json()) as Json;
    expect(body.servers).toEqual([{ url: 'http://mini-motors.localhost:4321' }]);
    expect(body.info.title).toBe('Mini Motors API');

    const live = (await (await get('www.minimotors.com.au')).json()) as Json;
    expect(live.servers).toEqual([{ url: 'https://www.minimotors.com.au' }]);
  });

  it('answers 404 on a host that is no dealer’s', async () => {
    const res = await get('nobody.example.com');
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).error.status).toBe(404);
  });
});
