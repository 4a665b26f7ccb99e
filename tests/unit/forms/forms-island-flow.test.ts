import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormDef, StepDef } from '../../../src/forms/definition.ts';
import type { FormIslandProps } from '../../../src/forms/island/props.ts';
import {
  leaveStep,
  matchMake,
  submitFinance,
  submitLead,
  type FlowContext,
} from '../../../src/forms/island/actions.ts';
import { $submission } from '../../../src/stores/submission.ts';
import { UNAVAILABLE_MESSAGE } from '../../../src/forms/client.ts';

/** A stand-in API: each route answers with the function the test sets. */
type Route = (body: Record<string, unknown>, res: ServerResponse) => void;
const routes = new Map<string, Route>();
const calls: { path: string; body: Record<string, unknown> }[] = [];
let server: Server;
let apiBase: string;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const route = routes.get(path);
      if (!route) return json(res, 404, { error: { status: 404, message: 'none' } });
      route(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const LEAD = '5f0c3a52-0000-4000-8000-000000000001';
const contact: StepDef = { key: 'contact', heading: 'Contact Details', rules: [], fields: [], analyticsEvent: 31 };
const finance: StepDef = { key: 'finance', heading: 'Finance Details', rules: [], fields: [] };
const def = (over: Partial<FormDef> = {}): FormDef => ({
  formType: 'contact',
  kind: 'multi',
  category: 'General Enquiry',
  heading: 'Enquire',
  submit: 'lead',
  progress: 'bar',
  steps: [contact, finance],
  analyticsEvent: 10,
  ...over,
});

let navigated: string[];
let alerts: string[];
function flow(formDef: FormDef, site: Partial<FormIslandProps['site']> = {}): FlowContext {
  return {
    props: {
      def: formDef,
      idBase: 'form-b1',
      headingId: 'form-b1-heading',
      site: { slug: 'mini-motors', id: 901, lookupCarLocation: false, manufacturerDataLayer: false, ...site },
      page: { id: '3', title: 'Enquire', path: '/enquire' },
      blockId: 'b1',
      dealer: { dealership_name: 'Mini Motors' },
      locations: [],
      successPath: '/thank-you',
    },
    session: { key: 'k', data: { idempotencyKey: 'c0ffee00-1111-4222-8333-444455556666' } },
    tracking: { utm_source: 'google' },
    client: { apiBase, retryDelayMs: 1 },
    navigate: (url) => navigated.push(url),
    alert: (m) => alerts.push(m),
  };
}
const visitor = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '0412 345 678' };

beforeEach(() => {
  routes.clear();
  calls.length = 0;
  navigated = [];
  alerts = [];
  routes.set('/api/leads', (b, res) =>
    json(res, 200, { lead_id: LEAD, lead_status: b.isLastStep ? 'Complete' : 'Partial' }),
  );
});

describe('leaving a step', () => {
  it('saves the step once the visitor has given a name and a way to reply, and keeps the lead id', async () => {
    const ctx = flow(def());
    expect(await leaveStep(ctx, contact, visitor)).toEqual({ ok: true });
    expect(calls[0]!.body).toMatchObject({
      site: 'mini-motors',
      isLastStep: false,
      form: { pageId: '3', blockId: 'b1', step: 'contact' },
      values: { ...visitor, category: 'General Enquiry', PageTitle: 'Enquire' },
      tracking: { utm_source: 'google' },
    });
    expect(ctx.session.data.lead_id).toBe(LEAD);
    await leaveStep(ctx, contact, visitor);
    expect(calls[1]!.body.lead_id).toBe(LEAD);
  });

  it('sends nothing without a name and an email or phone, or when the step skips saving', async () => {
    expect(await leaveStep(flow(def()), contact, { name: 'Ana' })).toEqual({ ok: true });
    expect(await leaveStep(flow(def()), { ...contact, skipSave: true }, visitor)).toEqual({ ok: true });
    expect(calls).toHaveLength(0);
  });

  it('stays on the step with the server message when the save fails, field messages included', async () => {
    routes.set('/api/leads', (_b, res) =>
      json(res, 400, { error: { status: 400, message: 'Check the fields.', fields: { email: 'Bad email' } } }),
    );
    expect(await leaveStep(flow(def()), contact, visitor)).toEqual({
      ok: false,
      message: 'Check the fields.',
      fields: { email: 'Bad email' },
    });
  });

  it('starts a new lead with the same values when the kept lead is unknown to the server', async () => {
    routes.set('/api/leads', (b, res) =>
      b.lead_id
        ? json(res, 404, { error: { status: 404, message: 'There is no lead with this lead_id on this site.' } })
        : json(res, 200, { lead_id: LEAD, lead_status: 'Partial' }),
    );
    const ctx = flow(def());
    ctx.session.data = { idempotencyKey: 'old-session-key-123', lead_id: '5f0c3a52-0000-4000-8000-00000000dead' };
    expect(await leaveStep(ctx, contact, visitor)).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.lead_id).toBeUndefined();
    expect(calls[1]!.body.idempotencyKey).not.toBe('old-session-key-123');
    expect(calls[1]!.body.values).toMatchObject(visitor);
    expect(ctx.session.data.lead_id).toBe(LEAD);
  });

  it('sends the finance intermediate save once only', async () => {
    const ctx = flow(def({ submit: 'finance' }));
    await leaveStep(ctx, contact, visitor);
    await leaveStep(ctx, contact, visitor);
    expect(calls.filter((c) => c.path === '/api/leads')).toHaveLength(1);
  });
});

describe('final submit of a lead form', () => {
  it('completes the lead, keeps the values for the thank-you page and goes there with the category', async () => {
    const ctx = flow(def({ category: 'New Vehicle Enquiry', subcategory: 'Corolla' }));
    expect(await submitLead(ctx, finance, { ...visitor, website_url_confirm: '' })).toEqual({ ok: true });
    expect(calls[0]!.body.isLastStep).toBe(true);
    expect(navigated).toEqual(['/thank-you?category=new-vehicle-enquiry&subcategory=corolla']);
    expect($submission.get()?.values).toEqual(visitor);
  });

  it('keeps the visitor on the form when the final save cannot be stored', async () => {
    routes.set('/api/leads', (_b, res) =>
      json(res, 503, { error: { status: 503, message: 'We could not save your details just now.' } }),
    );
    const result = await submitLead(flow(def()), finance, visitor);
    expect(result).toEqual({ ok: false, message: UNAVAILABLE_MESSAGE });
    expect(navigated).toEqual([]);
  });
});

describe('finance application', () => {
  const financeDef = def({ submit: 'finance', category: 'Finance Enquiry', analyticsEvent: 28 });

  it("posts every value to the site's provider route and lists refused fields as 'field: first message'", async () => {
    routes.set('/api/send-to-acme', (_b, res) =>
      json(res, 200, { dataErrors: { phone: ['Not a mobile', 'x'], email: ['Taken'] } }),
    );
    const result = await submitFinance(flow(financeDef, { financeProvider: 'acme' }), finance, visitor);
    expect(result).toEqual({
      ok: false,
      message: 'Please check these details:',
      list: ['phone: Not a mobile', 'email: Taken'],
    });
    expect(calls[0]).toMatchObject({
      path: '/api/send-to-acme',
      body: { ...visitor, site: 'mini-motors', category: 'Finance Enquiry' },
    });
  });

  it("shows the provider's error as the step error", async () => {
    routes.set('/api/send-to-provider', (_b, res) =>
      json(res, 200, { error: 'We cannot offer finance for this amount.' }),
    );
    expect(await submitFinance(flow(financeDef), finance, visitor)).toEqual({
      ok: false,
      message: 'We cannot offer finance for this amount.',
    });
    expect(calls.some((c) => c.path === '/api/leads')).toBe(false);
  });

  it("completes the lead with the provider's customer key, then goes to the provider's page", async () => {
    routes.set('/api/send-to-provider', (_b, res) =>
      json(res, 200, {
        satellite_site_url: 'https://quotes.example.com/q/1',
        customerKey: 'CK1',
        dealershipId: 77,
        mobileVerificationStatus: 'verified',
      }),
    );
    expect(await submitFinance(flow(financeDef), finance, visitor)).toEqual({ ok: true });
    const save = calls.find((c) => c.path === '/api/leads')!;
    expect(save.body).toMatchObject({
      isLastStep: true,
      values: { finance_customer_key: 'CK1', finance_dealership_id: '77' },
    });
    expect(navigated).toEqual(['https://quotes.example.com/q/1']);
  });

  it("alerts 'An error occurred' when the lead save fails, and still goes to the provider's page", async () => {
    routes.set('/api/send-to-provider', (_b, res) =>
      json(res, 200, {
        satellite_site_url: 'https://quotes.example.com/verify',
        mobileVerificationStatus: 'unverified',
      }),
    );
    routes.set('/api/leads', (_b, res) => json(res, 409, { error: { status: 409, message: 'conflict' } }));
    await submitFinance(flow(financeDef), finance, visitor);
    expect(alerts).toEqual(['An error occurred']);
    expect(navigated).toEqual(['https://quotes.example.com/verify']);
  });

  it("asks the provider's dealership id of the stock car when the site says so", async () => {
    routes.set('/api/finance-locations', (b, res) =>
      json(res, 200, { dealershipId: b.carId === 'C9' ? 'TX-5' : null }),
    );
    routes.set('/api/send-to-provider', (_b, res) => json(res, 200, { error: 'no' }));
    await submitFinance(flow(financeDef, { lookupCarLocation: true }), finance, { ...visitor, car_id: 'C9' });
    expect(calls.find((c) => c.path === '/api/send-to-provider')!.body.dealershipId).toBe('TX-5');
  });

  it('asks finance-locations nothing when the site does not say so, or without a car', async () => {
    routes.set('/api/finance-locations', (_b, res) => json(res, 200, { dealershipId: 'TX-5' }));
    routes.set('/api/send-to-provider', (_b, res) => json(res, 200, { error: 'no' }));
    await submitFinance(flow(financeDef), finance, { ...visitor, car_id: 'C9' });
    await submitFinance(flow(financeDef, { lookupCarLocation: true }), finance, visitor);
    expect(calls.filter((c) => c.path === '/api/finance-locations')).toEqual([]);
  });
});

describe('simple service booking', () => {
  const websites = [
    {
      id: 1,
      name: 'A',
      url: 'https://a.example',
      locations: [{ id: 10, name: 'A Service', manufacturers: ['Mazda'], location_type: 'service' }],
    },
    {
      id: 2,
      name: 'B',
      url: 'https://b.example',
      locations: [{ id: 20, name: 'B Service', manufacturers: ['Kia', 'Mazda'], location_type: 'Service' }],
    },
  ];

  it('redirects to the one website that services the make, or offers the choice of several', async () => {
    routes.set('/api/manufacturer-locations', (_b, res) => json(res, 200, { ok: true, websites }));
    expect(await matchMake(flow(def()), 'Kia')).toEqual({ kind: 'redirect', url: 'https://b.example' });
    expect((await matchMake(flow(def()), 'mazda')).kind).toBe('choose');
    expect(await matchMake(flow(def()), 'Ford')).toEqual({ kind: 'form' });
  });

  it('requires the ok status (spec §7): an answer without it opens the form', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    routes.set('/api/manufacturer-locations', (_b, res) => json(res, 200, { ok: false, websites }));
    expect(await matchMake(flow(def()), 'Kia')).toEqual({ kind: 'form' });
    routes.set('/api/manufacturer-locations', (_b, res) => json(res, 200, websites));
    expect(await matchMake(flow(def()), 'Kia')).toEqual({ kind: 'form' });
    expect(log).toHaveBeenCalledWith('Failed to fetch locations');
    log.mockRestore();
  });

  it("opens the form when the websites cannot be fetched, logging 'Failed to fetch locations'", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await matchMake(flow(def()), 'Kia')).toEqual({ kind: 'form' });
    expect(log).toHaveBeenCalledWith('Failed to fetch locations');
    log.mockRestore();
  });
});

describe('tracking events of a form', () => {
  it('fires the first finance step event (31) once, with email and phone, after its save', async () => {
    const win: { dataLayer?: Record<string, unknown>[] } = {};
    vi.stubGlobal('window', win);
    try {
      const ctx = flow(def({ submit: 'finance' }));
      await leaveStep(ctx, contact, visitor);
      await leaveStep(ctx, contact, visitor);
      expect(win.dataLayer).toEqual([
        expect.objectContaining({ event: 'form_step', event_id: 31, email: visitor.email, phone: visitor.phone }),
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("fires the form's own event id on the final submit, before leaving for the thank-you page", async () => {
    const win: { dataLayer?: Record<string, unknown>[] } = {};
    vi.stubGlobal('window', win);
    try {
      await submitLead(flow(def({ category: 'Service Booking', analyticsEvent: 20 })), finance, visitor);
      expect(win.dataLayer).toEqual([
        expect.objectContaining({ event: 'form_submit', event_id: 20, category: 'Service Booking' }),
      ]);
      expect(navigated).toEqual(['/thank-you?category=service-booking']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
