import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { HONEYPOT_FIELD } from '../../../forms/contract.ts';
import { defaultModelBlocks } from '../../../domain/default-pages.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const URL = 'http://mini-motors.localhost:4321/api/leads';
const ABOUT = { first_name: 'Ada', email: 'ada@example.com' };

function post(app: ReturnType<typeof createApp>, body: unknown, headers: Record<string, string> = {}) {
  return app.fetch(
    new Request(URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** A save of the nested multi-step "Find me a car" form of tests/fixtures/dealers/mini-motors/pages/enquire.json. */
function finderSave(
  key: string,
  step: 'about' | 'car',
  values: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    idempotencyKey: key,
    isLastStep: step === 'car',
    form: { pageId: '3', blockId: 'car-finder', step },
    values,
    ...extra,
  };
}

function contactSave(key: string, values: Record<string, unknown> = {}) {
  return {
    idempotencyKey: key,
    isLastStep: true,
    form: { pageId: '3', blockId: 'enquiry', step: 'contact' },
    values: {
      name: 'Sam Lee',
      phone: '0412 345 678',
      email: 'sam@example.com',
      location_id: '11',
      message: 'Hi',
      ...values,
    },
  };
}

describe.each(testDatabases)('lead saves on $label', (database) => {
  let t: TestDb;
  let deps: ApiDeps;
  let app: ReturnType<typeof createApp>;
  const completed: string[] = [];

  beforeAll(async () => {
    t = await database.open();
    deps = await testDeps(t.db, { onLeadCompleted: (id) => completed.push(id) });
    app = createApp(deps);
  });
  afterAll(() => t.cleanup());

  const lead = async (id: string) => {
    const row = (await t.db.query<Record<string, any>>('SELECT * FROM leads WHERE id = $1', [id])).rows[0];
    if (!row) throw new Error(`no lead ${id}`);
    return row;
  };
  const outbox = async (id: string) =>
    (await t.db.query<Record<string, any>>('SELECT * FROM outbox WHERE lead_id = $1 ORDER BY destination', [id])).rows;

  it('creates a partial lead when a step holds a first name and an email, and returns its lead_id', async () => {
    const key = randomUUID();
    const res = await post(app, finderSave(key, 'about', ABOUT));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ lead_id: expect.stringMatching(/^[0-9a-f-]{36}$/), lead_status: 'Partial' });
    const row = await lead(body.lead_id);
    expect(row).toMatchObject({
      site_slug: 'mini-motors',
      idempotency_key: key,
      lead_status: 'Partial',
      form_completed: false,
      category: 'Vehicle Finder',
      subcategory: 'Used',
      page_id: '3',
      page_title: 'Enquire',
      form_block_id: 'car-finder',
      last_step: 'about',
      values: ABOUT,
      step_values: { about: ABOUT },
      spam: false,
      completed_at: null,
    });
    expect(await outbox(body.lead_id)).toEqual([]);
  });

  it('updates the same lead on later saves of the session, with or without lead_id, and completes it with one outbox row per destination', async () => {
    const key = randomUUID();
    const first = await (await post(app, finderSave(key, 'about', ABOUT))).json();
    const again = await (await post(app, finderSave(key, 'about', { ...ABOUT, phone: '0412 000 111' }))).json();
    expect(again.lead_id).toBe(first.lead_id);
    // The phone number is stored in E.164 (src/forms/phone.ts), whatever the visitor typed, beside
    // the lead values the server sets from the site, the page and the form (server-values.ts).
    expect((await lead(first.lead_id)).values).toEqual({
      ...ABOUT,
      phone: '+61412000111',
      category: 'Vehicle Finder',
      subcategory: 'Used',
      page_id: '3',
      PageTitle: 'Enquire',
      dealership_name: 'Mini Motors',
      dealership_id: '501',
      dealership_slug: 'mini-motors-sydney',
    });

    const final = await post(
      app,
      finderSave(
        key,
        'car',
        { ...ABOUT, phone: '0412 000 111', Make: 'Mazda', utm_source: 'google' },
        { lead_id: first.lead_id, tracking: { utm_campaign: 'spring' } },
      ),
    );
    expect(final.status).toBe(200);
    expect(await final.json()).toEqual({ lead_id: first.lead_id, lead_status: 'Complete' });
    const row = await lead(first.lead_id);
    expect(row).toMatchObject({
      lead_status: 'Complete',
      form_completed: true,
      last_step: 'car',
      tracking: { utm_campaign: 'spring' },
    });
    expect(row.values).toMatchObject({ Make: 'Mazda', utm_source: 'google' });
    expect(row.step_values).toEqual({ about: { ...ABOUT, phone: '+61412000111' }, car: { Make: 'Mazda' } });
    expect(row.completed_at).toBeInstanceOf(Date);
    const rows = await outbox(first.lead_id);
    expect(rows.map((r) => [r.destination, r.target, r.status, r.attempts])).toEqual([
      ['adf', 'http://127.0.0.1:9/adf', 'pending', 0],
      ['webhook', 'http://127.0.0.1:9/hook', 'pending', 0],
    ]);
    // The delivery builds what it sends from the completed lead (src/features/leads/tests/api-outbox.test.ts).
    expect(rows.map((r) => r.payload)).toEqual([null, null]);
    expect(completed).toContain(first.lead_id);
  });

  it('answers a repeated final submit after completion with the same lead and changes nothing', async () => {
    const key = randomUUID();
    const first = await (await post(app, contactSave(key))).json();
    expect(first.lead_status).toBe('Complete');
    const before = await lead(first.lead_id);
    const retry = await post(app, contactSave(key, { message: 'Changed my mind' }));
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(first);
    const late = await post(app, { ...contactSave(key), isLastStep: false, lead_id: first.lead_id });
    expect(await late.json()).toEqual(first);
    expect(await lead(first.lead_id)).toEqual(before);
    expect(await outbox(first.lead_id)).toHaveLength(2);
  });

  it('completes a lead exactly once when 50 final submits of it arrive at the same time', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, async () => post(app, contactSave(key))));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    const ids = new Set(bodies.map((b) => b.lead_id));
    expect(ids.size).toBe(1);
    expect(bodies.every((b) => b.lead_status === 'Complete')).toBe(true);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM leads WHERE idempotency_key = $1',
      [key],
    );
    expect(rows[0]!.n).toBe(1);
    const box = await outbox([...ids][0]);
    expect(box.map((r) => r.destination)).toEqual(['adf', 'webhook']);
  });

  it('completes a partial lead exactly once when 50 final submits with its lead_id race', async () => {
    const key = randomUUID();
    const { lead_id } = await (await post(app, finderSave(key, 'about', ABOUT))).json();
    const finals = await Promise.all(
      Array.from({ length: 50 }, async () => post(app, finderSave(key, 'car', { ...ABOUT, Make: 'Kia' }, { lead_id }))),
    );
    expect(new Set(await Promise.all(finals.map(async (r) => `${r.status} ${(await r.json()).lead_id}`)))).toEqual(
      new Set([`200 ${lead_id}`]),
    );
    expect(await outbox(lead_id)).toHaveLength(2);
  });

  it('refuses a partial save without a name or without an email or phone, saying what is missing, and stores nothing', async () => {
    const key = randomUUID();
    const noName = await post(app, finderSave(key, 'about', { email: 'ada@example.com', first_name: ' ' }));
    expect(noName.status).toBe(400);
    expect((await noName.json()).error.message).toBe('To save your details we need a name (name or first_name).');
    const neither = await post(app, finderSave(key, 'about', {}));
    expect((await neither.json()).error.message).toBe(
      'To save your details we need a name (name or first_name) and an email or phone.',
    );
    const { rows } = await t.db.query('SELECT id FROM leads WHERE idempotency_key = $1', [key]);
    expect(rows).toEqual([]);
  });

  it('answers 400 with a message per field when values fail the form schema', async () => {
    const key = randomUUID();
    const res = await post(app, contactSave(key, { email: 'not-an-email', location_id: '' }));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.status).toBe(400);
    expect(Object.keys(error.fields).sort()).toEqual(['email', 'location_id']);
    expect(error.fields.location_id).toBe('*Please select a dealership location');
    expect((await t.db.query('SELECT id FROM leads WHERE idempotency_key = $1', [key])).rows).toEqual([]);
  });

  it('answers 400 for a form or step the page does not have', async () => {
    const noForm = await post(app, {
      ...contactSave(randomUUID()),
      form: { pageId: '3', blockId: 'nope', step: 'contact' },
    });
    expect(noForm.status).toBe(400);
    expect((await noForm.json()).error.message).toBe('Mini Motors has no form "nope" on page "3".');
    const noStep = await post(app, {
      ...contactSave(randomUUID()),
      form: { pageId: '3', blockId: 'enquiry', step: 'vehicle' },
    });
    expect((await noStep.json()).error.message).toBe('The form has no step "vehicle".');
  });

  it('answers 404 for a lead_id that is not a lead of this site and 409 for one saved by another form session', async () => {
    const unknown = await post(app, finderSave(randomUUID(), 'about', ABOUT, { lead_id: randomUUID() }));
    expect(unknown.status).toBe(404);
    const { lead_id } = await (await post(app, finderSave(randomUUID(), 'about', ABOUT))).json();
    const other = await post(app, finderSave(randomUUID(), 'about', ABOUT, { lead_id }));
    expect(other.status).toBe(409);
    expect((await other.json()).error.message).toMatch(/another form session/);
  });

  it('keeps a save with the honeypot filled as spam, answers like a success and never queues it for delivery', async () => {
    const key = randomUUID();
    const res = await post(app, { ...contactSave(key, { [HONEYPOT_FIELD]: 'http://spam.example', email: 'junk' }) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ lead_id: expect.any(String), lead_status: 'Complete' });
    const row = await lead(body.lead_id);
    expect(row).toMatchObject({ spam: true, spam_reason: 'honeypot field filled' });
    expect(row.values[HONEYPOT_FIELD]).toBeUndefined();
    expect(await outbox(body.lead_id)).toEqual([]);
  });

  it('stores a lead from a model page built from data (model-<slug>)', async () => {
    const model = deps.dealers.find((d) => d.slug === 'mini-motors')!.models[0]!;
    const blockId = defaultModelBlocks(model).find((b) => b.type === 'form')!.id;
    const res = await post(app, {
      ...contactSave(randomUUID()),
      form: { pageId: `model-${model.slug}`, blockId, step: 'contact' },
    });
    expect(res.status).toBe(200);
    const row = await lead((await res.json()).lead_id);
    expect(row).toMatchObject({ category: 'New Vehicle Enquiry', subcategory: model.name, page_title: model.name });
  });

  it('stores a lead from a stock car page (car-<slug>) as a used vehicle enquiry', async () => {
    const car = deps.dealers.find((d) => d.slug === 'mini-motors')!.cars.find((c) => c.car_type === 'used')!;
    const res = await post(app, {
      ...contactSave(randomUUID(), { car_id: String(car.id) }),
      form: { pageId: `car-${car.slug}`, blockId: 'default-form-0', step: 'contact' },
    });
    expect(res.status).toBe(200);
    const row = await lead((await res.json()).lead_id);
    expect(row).toMatchObject({
      category: 'Used Vehicle Enquiry',
      page_title: `${car.year} ${car.make} ${car.model}${car.badge ? ' ' + car.badge : ''}`,
    });
  });

  it('stores a lead from a team member profile (team-<slug>) as a team member enquiry naming them', async () => {
    const dealer = deps.dealers.find((d) => d.slug === 'mini-motors')!;
    const member = dealer.team.find((m) => !m.remove_profile_page)!;
    const res = await post(app, {
      ...contactSave(randomUUID(), { user: member.name }),
      form: { pageId: `team-${member.slug}`, blockId: 'default-form-0', step: 'contact' },
    });
    expect(res.status).toBe(200);
    const row = await lead((await res.json()).lead_id);
    expect(row).toMatchObject({ category: 'Team Member Enquiry', page_title: expect.stringContaining(member.name) });
    expect(row.values.user).toBe(member.name);
    // A member without a profile page has no form to send from.
    const hidden = dealer.team.find((m) => m.remove_profile_page)!;
    const none = await post(app, {
      ...contactSave(randomUUID(), { user: hidden.name }),
      form: { pageId: `team-${hidden.slug}`, blockId: 'default-form-0', step: 'contact' },
    });
    expect(none.status).toBe(400);
  });

  it('answers 503 with Retry-After when the database is down, so the form keeps the input and retries', async () => {
    const down = await database.open();
    const downApp = createApp(await testDeps(down.db));
    await down.db.close();
    const res = await post(downApp, contactSave(randomUUID()));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await res.json()).error).toEqual({ status: 503, message: expect.stringMatching(/try again/) });
    await down.cleanup();
  });
});
