/**
 * The API refuses what the form refuses, with the same message per field: bad data posted through
 * the real lead route (POST /api/leads, on the sample dealers of dealers/) comes back as a 400
 * whose `fields` equal what the island's own validation (validateStep, the shared yup schema of
 * the FormDef the page's island is given) says for the same values. What the route accepts, it
 * stores with phone numbers in E.164.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../../src/api/app.ts';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';
import { formIslandProps } from '../../../src/components/form/form-props.ts';
import { layoutFlags } from '../../../src/site/cutoffs.ts';
import { walkBlocks } from '../../../src/site/page-blocks.ts';
import { validateStep } from '../../../src/forms/island/validate.ts';
import { initialValues } from '../../../src/forms/island/values.ts';
import type { FormDef } from '../../../src/forms/definition.ts';
import type { FormBlockData } from '../../../src/content/forms.ts';
import { addDays, nowIn, weekdayOf } from '../../../src/domain/booking-hours.ts';
import { shiftYears } from '../../../src/forms/island/fields/DateTime.tsx';
import { testDatabases, testDeps, type TestDb } from '../../helpers/db.ts';

let dealers: DealerContent[];
beforeAll(async () => {
  const loaded = await loadDealers('dealers');
  if (loaded.errors.length) throw new Error(JSON.stringify(loaded.errors));
  dealers = loaded.dealers;
});

const dealer = (slug: string) => dealers.find((d) => d.slug === slug)!;

/** The FormDef the island of a page's form block is built with (as Form.astro builds its props). */
function islandDef(slug: string, path: string, blockId: string): { def: FormDef; pageId: string } {
  const d = dealer(slug);
  const page = d.pages.find((p) => p.path === path)!;
  const block = [...walkBlocks(page.blocks)].find(
    (b) => b.id === blockId && (b.type === 'form' || b.type === 'formBuilder'),
  )!;
  const ctx = {
    dealer: d,
    page: { id: page.id, path: page.path, title: page.title, publishedAt: page.publishedAt },
    flags: layoutFlags(page.publishedAt),
    aboveFold: false,
  };
  return { def: formIslandProps(block.data as FormBlockData, blockId, ctx).def, pageId: String(page.id) };
}

/** The first `weekday` after today in Sydney (the NSW dealer's zone), so no time of it is past. */
function next(weekday: string): string {
  let day = addDays(nowIn('Australia/Sydney').day, 1);
  while (weekdayOf(day) !== weekday) day = addDays(day, 1);
  return day;
}

describe.each(testDatabases)('the lead route refuses what the form refuses, on $label', (database) => {
  let t: TestDb;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await database.open();
    app = createApp(await testDeps(t.db, { dealers }));
  });
  afterAll(() => t.cleanup());

  async function post(slug: string, body: Record<string, unknown>) {
    const res = await app.fetch(
      new Request(`http://${slug}.localhost:4321/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idempotencyKey: randomUUID(), ...body }),
      }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  }

  /** Posts one step's save and returns the 400's fields beside the island's own messages. */
  async function both(
    slug: string,
    path: string,
    blockId: string,
    step: string,
    isLastStep: boolean,
    typed: Record<string, unknown>,
  ) {
    const { def, pageId } = islandDef(slug, path, blockId);
    const values = { ...initialValues(def), ...typed };
    const island = await validateStep(
      def,
      def.steps.find((s) => s.key === step)!,
      values,
    );
    const api = await post(slug, { isLastStep, form: { pageId, blockId, step }, values });
    return { island, api };
  }

  it('a bad phone number and an email without a real domain: the same messages on the contact form', async () => {
    const { island, api } = await both('coastal-motor-group', '/contact', 'form-2', 'contact', true, {
      name: 'Sam Lee',
      phone: '(02) 4323 1100',
      email: 'sam@localhost',
      location_id: '1',
    });
    expect(api.status).toBe(400);
    expect(island).toEqual({
      phone: '*Please enter a mobile number, e.g. 0412 345 678',
      email: '*Please enter a valid email address',
    });
    expect(api.body.error.fields).toEqual(island);

    const nz = await both('tasman-motors', '/contact', 'form-1', 'contact', true, {
      name: 'Aroha Ngata',
      phone: '09 300 1234',
      email: 'aroha@x..nz',
      location_id: '31',
    });
    expect(nz.island).toEqual({
      phone: '*Please enter a mobile number, e.g. 021 123 4567',
      email: '*Please enter a valid email address',
    });
    expect(nz.api.body.error.fields).toEqual(nz.island);
  });

  it('an 11-year-old applying for finance: refused at the first step’s save', async () => {
    const dob = shiftYears(nowIn('Australia/Sydney').day, -11);
    const { island, api } = await both('coastal-motor-group', '/finance', 'form-3', 'contact', false, {
      first_name: 'Kid',
      last_name: 'Citizen',
      email: 'kid@example.com',
      phone: '0412 345 678',
      dateOfBirth: dob,
      driverLicenceNumber: '12345678',
      currentAddress: '1 Mann St, Gosford NSW 2250',
    });
    expect(island).toEqual({ dateOfBirth: '*You must be 18 or older to apply for finance' });
    expect(api.status).toBe(400);
    expect(api.body.error.fields).toEqual(island);
  });

  it('a service booked on a Sunday at a service centre closed on Sundays: the same message on the final save', async () => {
    const typed = {
      RegoOrVin: 'ABC123',
      vehicle_state: 'NSW',
      name: 'Sam Lee',
      phone: '0412 345 678',
      email: 'sam@example.com',
      make: 'Toyota',
      model: 'Corolla',
      year: '2019',
      service_interval: '15,000km or 12 months',
      location_id: '2',
      preferred_date: `${next('sun')}T09:00`,
    };
    const { island, api } = await both('coastal-motor-group', '/service', 'form-2', 'date', true, typed);
    expect(island).toEqual({
      preferred_date: '*Coastal Toyota Service Centre is closed on Sundays. Please choose another day',
    });
    expect(api.status).toBe(400);
    expect(api.body.error.fields).toEqual(island);

    // Saturday after midday is out of hours; Saturday morning is accepted.
    const late = await both('coastal-motor-group', '/service', 'form-2', 'date', true, {
      ...typed,
      preferred_date: `${next('sat')}T13:00`,
    });
    expect(late.island).toEqual({ preferred_date: '*Please choose a time between 8am and 12pm' });
    expect(late.api.body.error.fields).toEqual(late.island);
    const ok = await post('coastal-motor-group', {
      isLastStep: true,
      form: { pageId: '7', blockId: 'form-2', step: 'date' },
      values: { ...typed, preferred_date: `${next('sat')}T09:30` },
    });
    expect(ok.status).toBe(200);
  });

  it('a test drive on a past day: refused with the same message', async () => {
    const yesterday = addDays(nowIn('Australia/Sydney').day, -1);
    const { island, api } = await both('coastal-motor-group', '/book-test-drive', 'form-1', 'vehicle', false, {
      name: 'Sam Lee',
      email: 'sam@example.com',
      make: 'Toyota',
      model: 'RAV4',
      location_id: '1',
      preferred_date: yesterday,
    });
    expect(island.preferred_date).toBe('*Please choose a date that is not in the past');
    expect(api.status).toBe(400);
    expect(api.body.error.fields).toEqual(island);
  });

  it('stores the phone number in E.164 even when the client sends it as typed', async () => {
    const sent = await post('coastal-motor-group', {
      isLastStep: true,
      form: { pageId: '11', blockId: 'form-2', step: 'contact' },
      values: { name: 'Sam Lee', phone: '0412 345 678', email: 'sam@example.com', location_id: '1' },
    });
    expect(sent.status).toBe(200);
    const nz = await post('coastal-motor-group', {
      isLastStep: true,
      form: { pageId: '11', blockId: 'form-2', step: 'contact' },
      values: { name: 'Aroha Ngata', phone: '+64 21 123 4567', email: 'aroha@example.co.nz', location_id: '1' },
    });
    expect(nz.status).toBe(200);
    const rows = (
      await t.db.query<{
        id: string;
        values: Record<string, unknown>;
        step_values: Record<string, Record<string, unknown>>;
      }>('SELECT id, "values", step_values FROM leads WHERE id = ANY($1)', [[sent.body.lead_id, nz.body.lead_id]])
    ).rows;
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[sent.body.lead_id]!.values.phone).toBe('+61412345678');
    expect(byId[sent.body.lead_id]!.step_values.contact!.phone).toBe('+61412345678');
    expect(byId[nz.body.lead_id]!.values.phone).toBe('+64211234567');
  });
});
