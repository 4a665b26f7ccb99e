/**
 * A visitor forging the lead values the server owns (src/features/leads/server/server-values.ts), against every
 * form type of the product (src/forms/forms/index.ts, plus formBuilder forms): every form of the
 * sample dealers (dealers/), the enquiry of a stock car page and of a generated model page, and the
 * enquiry of a team member's profile page, on both databases.
 *
 * Each form is sent as the island sends it (src/features/leads/tests/adf-sample-leads.ts builds the values with
 * the island's own leadValues) and again with forged values, both through the lead route (a partial
 * save of the first step, then the final save), and delivered to the file destination. The forged
 * lead must be stored, and delivered as JSON and ADF/XML, exactly as the genuine one: the site's,
 * the page's and the form's values, none of the forged ones. Another dealer's location, and a
 * choice a select does not offer, are refused with 400 naming the field; another dealer's car is
 * never attached as the stock vehicle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { findForm } from '../server/validate.ts';
import { deliverDue } from '../server/outbox/deliver.ts';
import type { LeadPayload } from '../server/outbox/payload.ts';
import { loadDealers, type DealerContent } from '../../../content/load.ts';
import type { FormDef } from '../../../forms/definition.ts';
import { formBuilders } from '../../../forms/forms/index.ts';
import { HONEYPOT_FIELD } from '../../../forms/contract.ts';
import { teamEnquiryBlock, teamPageId, teamPageTitle } from '../../../domain/pages.ts';
import { profileHref } from '../../../domain/routes.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import { sampleForms, sampleSaves, type SampleForm, type SampleSave } from './adf-sample-leads.ts';
import { OFFER_KEYS } from '../../valuation/server/lead-offer.ts';

/** A stored lead's values less the trade-in offer the server itself records (src/features/valuation/server/lead-offer.ts). */
const withoutOffer = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([k]) => !(OFFER_KEYS as readonly string[]).includes(k)));

type Values = Record<string, unknown>;

interface Delivered {
  id: string;
  row: Record<string, any>;
  json: LeadPayload;
  jsonText: string;
  adf: string;
}

/** Text forged into lead values that no genuine lead of the sample dealers holds. */
const MARKERS = ['Forged subcategory', 'Forged title', 'forged-page', 'D-FORGED', 'C-FORGED', 'forged-dealership'];
const SCAM = 'Call 0900 SCAM';

/** The first form of each team profile page a sample dealer has (the members with a profile page). */
function teamForms(dealer: DealerContent, today: string): SampleForm[] {
  const member = dealer.team.find((m) => profileHref(dealer.site, m));
  if (!member) return [];
  const block = teamEnquiryBlock(member);
  if (block.type !== 'form') throw new Error('a team enquiry is a form block');
  const page = {
    id: teamPageId(member),
    path: profileHref(dealer.site, member)!,
    title: teamPageTitle(member),
    publishedAt: today,
  };
  return [{ dealer, page, blockId: block.id, data: block.data }];
}

/** The fields of a form where a server-owned value is the visitor's own choice. */
function choiceFields(def: FormDef) {
  return def.steps
    .flatMap((s) => s.fields)
    .filter(
      (f) =>
        f.type === 'leadCategorySelect' ||
        f.type === 'locationSelect' ||
        f.name === 'location_id' ||
        f.name === 'dealership_slug',
    );
}

/** The ADF document with its lead id and date left out, to compare two leads' documents. */
const withoutIdAndDate = (xml: string) =>
  xml
    .replace(/<id sequence="1" source="dealer-sites">[^<]*<\/id>/, '<id/>')
    .replace(/<requestdate>[^<]*<\/requestdate>/, '<requestdate/>');

/** The payload without what differs between two leads of the same values. */
function comparable(p: LeadPayload): Values {
  const { lead_id: _id, created_at: _c, completed_at: _d, ...rest } = p;
  return rest;
}

describe.each(testDatabases)('forged lead values on $label', (database) => {
  let t: TestDb;
  let dir: string;
  let deps: ApiDeps;
  let app: ReturnType<typeof createApp>;
  let dealers: DealerContent[];
  const cases: { form: SampleForm; save: SampleSave }[] = [];

  beforeAll(async () => {
    const loaded = await loadDealers('dealers');
    expect(loaded.errors).toEqual([]);
    dealers = loaded.dealers;
    t = await database.open();
    dir = await mkdtemp(path.join(tmpdir(), 'forged-leads-'));
    deps = await testDeps(t.db, {
      dealers,
      destinations: (slug) => [{ kind: 'file', dir: path.join(dir, slug) }],
    });
    app = createApp(deps);
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    for (const dealer of dealers) {
      for (const form of [...sampleForms(dealer, today), ...teamForms(dealer, today)]) {
        const found = findForm(dealer, form.page.id, form.blockId, now);
        if (!found) throw new Error(`${dealer.slug}: no form ${form.blockId} on page ${form.page.id}`);
        cases.push({ form, save: sampleSaves(form, found.def, database.label)[0]! });
      }
    }
  }, 120_000);
  afterAll(async () => {
    await t.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  const post = (dealer: DealerContent, body: unknown) =>
    app.fetch(
      new Request(`http://${dealer.slug}.localhost/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );

  /**
   * One form session with `values`: a partial save of the first step when the form has several,
   * then the final save; the lead delivered to the file destination and read back.
   */
  async function session(save: SampleSave, values: Values): Promise<Delivered> {
    const idempotencyKey = randomUUID();
    const first = save.def.steps[0]!.key;
    let leadId: string | undefined;
    if (save.def.steps.length > 1 && first !== save.body.form.step) {
      const partial = await post(save.dealer, {
        ...save.body,
        idempotencyKey,
        isLastStep: false,
        form: { ...save.body.form, step: first },
        values,
      });
      const answer = await partial.json();
      expect(partial.status, `${save.label} (partial): ${JSON.stringify(answer)}`).toBe(200);
      leadId = answer.lead_id;
    }
    const res = await post(save.dealer, {
      ...save.body,
      idempotencyKey,
      ...(leadId ? { lead_id: leadId } : {}),
      values,
    });
    const answer = await res.json();
    expect(res.status, `${save.label}: ${JSON.stringify(answer)}`).toBe(200);
    const id: string = answer.lead_id;
    while ((await deliverDue(deps, { limit: 50 })).claimed > 0);
    const row = (await t.db.query<Record<string, any>>('SELECT * FROM leads WHERE id = $1', [id])).rows[0]!;
    const base = path.join(dir, save.dealer.slug, id);
    const jsonText = await readFile(`${base}.json`, 'utf8');
    return { id, row, json: JSON.parse(jsonText), jsonText, adf: await readFile(`${base}.adf.xml`, 'utf8') };
  }

  /** Another sample dealer than `dealer`. */
  const other = (dealer: DealerContent) => dealers.find((d) => d !== dealer)!;

  /** What a forger sends on top of the genuine values of `save` (a choice field's key is left to its own test). */
  function forgery(save: SampleSave): Values {
    const def = save.def;
    const them = other(save.dealer);
    const forged: Values = {
      // A real category of another kind of enquiry, as an attacker would pick.
      category: def.category === 'Finance Enquiry' ? 'Service Booking' : 'Finance Enquiry',
      subcategory: 'Forged subcategory',
      PageTitle: 'Forged title',
      page_id: 'forged-page',
      dealershipId: String(them.site.dealershipId),
      dealership_id: 'D-FORGED',
      dealerCompanyId: 'C-FORGED',
      dealership_name: them.site.name,
      dealership_slug: 'forged-dealership',
    };
    if (def.steps.some((s) => s.fields.some((f) => f.name === 'user'))) {
      forged.user = `${them.team[0]!.name}\nComments: ${SCAM}`;
    }
    for (const f of choiceFields(def)) delete forged[f.name];
    return forged;
  }

  it('covers every form type of the product, from every sample dealer, and a team profile enquiry', () => {
    const types = new Set(cases.map((c) => c.save.def.formType));
    expect([...types].sort()).toEqual([...Object.keys(formBuilders), 'builder'].sort());
    expect(new Set(cases.map((c) => c.form.dealer.slug))).toEqual(new Set(dealers.map((d) => d.slug)));
    expect(cases.filter((c) => c.form.page.id.startsWith('team-')).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a genuine save as the island sends it, and stores and delivers a forged one exactly alike', async () => {
    expect(cases.length).toBeGreaterThan(40);
    for (const { form, save } of cases) {
      const sent = save.body.values;
      // What the island sends, less the honeypot field, which the route never stores.
      const { [HONEYPOT_FIELD]: _, ...stored } = sent;
      const genuine = await session(save, sent);
      // Genuine: the values the island sends, unchanged, and for a trade-in or valuation to a
      // dealer that makes offers, the server's own offer beside them.
      expect(withoutOffer(genuine.row.values), save.label).toEqual(stored);
      expect(genuine.row).toMatchObject({
        category: sent.category,
        subcategory: sent.subcategory ?? null,
        page_id: save.body.form.pageId,
        page_title: sent.PageTitle,
      });

      const forged = await session(save, { ...sent, ...forgery(save) });
      expect(withoutOffer(forged.row.values), save.label).toEqual(stored);
      expect(forged.row.values, save.label).toEqual(genuine.row.values);
      expect(forged.row.step_values, save.label).toEqual(genuine.row.step_values);
      for (const column of ['category', 'subcategory', 'page_id', 'page_title'])
        expect(forged.row[column], `${save.label} ${column}`).toBe(genuine.row[column]);
      // The dealer receives the same lead: the JSON payload and the ADF/XML.
      expect(comparable(forged.json), save.label).toEqual(comparable(genuine.json));
      expect(withoutIdAndDate(forged.adf), save.label).toBe(withoutIdAndDate(genuine.adf));
      for (const marker of [...MARKERS, SCAM, other(save.dealer).site.name]) {
        expect(forged.jsonText, `${save.label}: ${marker}`).not.toContain(marker);
        expect(forged.adf, `${save.label}: ${marker}`).not.toContain(marker);
      }
      // The site's own ids, in the payload and as the ADF vendor's ids.
      const { site } = save.dealer;
      expect(forged.json.values.dealership_name, save.label).toBe(site.name);
      expect(forged.json.values.dealershipId, save.label).toBe(String(site.dealershipId));
      expect(forged.json.values.dealerCompanyId, save.label).toBe(String(site.dealerCompanyId));
      expect(forged.adf).toContain(`<id source="dealershipId">${site.dealershipId}</id>`);
      expect(forged.adf).toContain(`<id source="dealerCompanyId">${site.dealerCompanyId}</id>`);
      expect(forged.adf).toContain(`<vendorname>${site.name}</vendorname>`);
      expect(forged.json.PageTitle, save.label).toBe(form.page.title);
    }
  }, 240_000);

  it('names the team member of the profile page, whatever user the visitor sends', async () => {
    const team = cases.filter((c) => c.form.page.id.startsWith('team-'));
    for (const { form, save } of team) {
      const member = form.dealer.team.find((m) => teamPageId(m) === form.page.id)!;
      expect(save.body.values.user).toBe(member.name);
      const them = other(form.dealer);
      for (const user of [them.team[0]!.name, `${member.name}\nComments: ${SCAM}`, 'x'.repeat(10_000), '']) {
        const lead = await session(save, { ...save.body.values, user });
        expect(lead.row.values.user, `${save.label}: ${user.slice(0, 30)}`).toBe(member.name);
        expect(lead.json.values.user).toBe(member.name);
        expect(lead.adf).toContain(`user: ${member.name}\n`);
        expect(lead.adf).not.toContain(SCAM);
        expect(lead.adf).not.toContain(them.team[0]!.name);
        expect(lead.adf).not.toContain('x'.repeat(100));
      }
    }
  }, 120_000);

  it("refuses another dealer's location on every form, and a choice a select does not offer, naming the field", async () => {
    for (const { save } of cases) {
      const own = new Set(save.dealer.locations.map((l) => String(l.id)));
      const foreign = other(save.dealer).locations.find((l) => !own.has(String(l.id)))!;
      for (const location_id of [String(foreign.id), foreign.id]) {
        const res = await post(save.dealer, {
          ...save.body,
          idempotencyKey: randomUUID(),
          values: { ...save.body.values, location_id },
        });
        expect(res.status, save.label).toBe(400);
        expect((await res.json()).error.fields, save.label).toMatchObject({
          location_id: '*Please select a dealership location',
        });
      }
      for (const field of choiceFields(save.def).filter((f) => f.name !== 'location_id')) {
        const res = await post(save.dealer, {
          ...save.body,
          idempotencyKey: randomUUID(),
          values: { ...save.body.values, [field.name]: 'forged-choice' },
        });
        expect(res.status, `${save.label} ${field.name}`).toBe(400);
        expect(Object.keys((await res.json()).error.fields), save.label).toContain(field.name);
      }
    }
  }, 120_000);

  it("never attaches another dealer's car as the stock vehicle", async () => {
    const checked = new Set<string>();
    for (const { save } of cases) {
      const type = save.def.formType;
      if (checked.has(type)) continue;
      checked.add(type);
      const theirs = other(save.dealer).cars.find((c) => !save.dealer.cars.some((o) => String(o.id) === String(c.id)))!;
      const lead = await session(save, { ...save.body.values, car_id: String(theirs.id) });
      expect(lead.json.vehicle?.source, save.label).not.toBe('stock');
      if (theirs.vin) expect(lead.adf, save.label).not.toContain(theirs.vin);
      if (theirs.stock_number && save.body.values.stock_number !== theirs.stock_number)
        expect(lead.adf, save.label).not.toContain(`<stock>${theirs.stock_number}</stock>`);
    }
    expect(checked.size).toBe(Object.keys(formBuilders).length + 1);
  }, 120_000);
});
