/**
 * Lead saves from every form of the sample dealers, filled as a visitor would fill them: each
 * form block of each page, the enquiry form of a stock car page and of a generated model page,
 * resolved as the island resolves them, with the page's own values and the lead values the
 * island adds (src/forms/island/values.ts). Used by adf-forms.test.ts.
 */
import { isOpenDay } from '../../../domain/booking-hours.ts';
import type { Block } from '../../../content/blocks.ts';
import type { FormBlockData } from '../../../content/forms.ts';
import type { DealerContent } from '../../../content/load.ts';
import { formIslandProps } from '../../../components/form/form-props.ts';
import type { FieldDef, FormDef } from '../../../forms/definition.ts';
import { pathSteps } from '../../../forms/rules.ts';
import { initialValues, leadValues, type Values } from '../../../forms/island/values.ts';
import { layoutFlags } from '../../../site/cutoffs.ts';
import { carEnquiryBlock, carPageId, carTitle, modelPageId } from '../../../domain/pages.ts';
import { defaultModelBlocks } from '../../../domain/default-pages.ts';
import { walkBlocks } from '../../../site/page-blocks.ts';
import { carPath, isListed } from '../../../domain/routes.ts';

export interface SampleForm {
  dealer: DealerContent;
  page: { id: string; path: string; title: string; publishedAt: string };
  blockId: string;
  data: FormBlockData;
}

export interface SampleSave {
  /** dealer/page path/block, plus the variant, for messages. */
  label: string;
  dealer: DealerContent;
  def: FormDef;
  body: {
    idempotencyKey: string;
    isLastStep: true;
    form: { pageId: string; blockId: string; step: string };
    values: Values;
    tracking: Record<string, string>;
  };
}

function formsOf(dealer: DealerContent, page: SampleForm['page'], blocks: Block[]): SampleForm[] {
  const out: SampleForm[] = [];
  for (const b of walkBlocks(blocks)) {
    // As the lead route resolves them: a formBuilder block is built from its own steps and fields.
    if (b.type === 'form') out.push({ dealer, page, blockId: b.id, data: b.data });
    if (b.type === 'formBuilder') out.push({ dealer, page, blockId: b.id, data: { ...b.data, formType: undefined } });
  }
  return out;
}

/** Every form of the dealer's snapshot pages, its first listed stock car's page and a generated model page. */
export function sampleForms(dealer: DealerContent, today: string): SampleForm[] {
  const forms = dealer.pages.flatMap((p) =>
    formsOf(dealer, { id: String(p.id), path: p.path, title: p.title, publishedAt: p.publishedAt }, p.blocks),
  );
  const car = dealer.cars.find(isListed);
  if (car) {
    // The car page's enquiry form, as src/features/car-page/ui/CarPage.astro renders it.
    forms.push(
      ...formsOf(dealer, { id: carPageId(car), path: carPath(car), title: carTitle(car), publishedAt: today }, [
        carEnquiryBlock(car),
      ]),
    );
  }
  const model = dealer.models.find((m) => !dealer.pages.some((p) => p.path === `/${m.new_slug || m.slug}`));
  if (model)
    forms.push(
      ...formsOf(
        dealer,
        { id: modelPageId(model), path: `/${model.slug}`, title: model.name, publishedAt: today },
        defaultModelBlocks(model),
      ),
    );
  return forms;
}

/**
 * A day at least ten days ahead, in the runtime's zone as the date rules read it; for a booking,
 * the first such day every location of the booking is open (whatever weekday the suite runs on).
 */
function futureDay(f?: FieldDef): string {
  const hours = Object.values(f?.booking?.hours ?? {});
  for (let ahead = 10; ; ahead++) {
    const d = new Date(Date.now() + ahead * 86_400_000);
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    if (ahead > 40 || hours.every((h) => isOpenDay(h, day))) return day;
  }
}

/** What a visitor types into a field: by the field's name where the name says what it holds, else by type. */
export function fillValue(f: FieldDef, nz: boolean): unknown {
  const first = f.options?.[0]?.value;
  const listed = (v: unknown) =>
    typeof v === 'string' && v !== '' && (!f.options || f.options.some((o) => o.value === v));
  const byName: Record<string, unknown> = {
    name: 'Jordan Smith',
    first_name: 'Jordan',
    middle_name: 'Lee',
    last_name: "O'Connor",
    email: 'jordan@example.com',
    phone: nz ? '021 555 0199' : '0412 345 678',
    make: first ?? 'Toyota',
    trade_make: first ?? 'Toyota',
    model: first ?? 'HiLux',
    year: '2016',
    trade_year: '2016',
    kms: '145,000',
    expected_price: 28500,
    has_trade_in: 'Yes',
    RegoOrVin: nz ? 'KLM456' : 'ABC123',
    rego: nz ? 'KLM456' : 'ABC123',
    trade_rego: nz ? 'KLM456' : 'ABC123',
    currentAddress: '12 Invermay Rd, Invermay TAS 7248',
    street: '5 Pakington Street',
    suburb: 'Geelong West',
    postcode: '3218',
    dateOfBirth: '1990-04-30',
    driverLicenceNumber: 'DL-5550143',
    part_number: '90915-YZZD4',
    message: 'Is it still available? Call after 5 & ask for <Jordan>.',
  };
  if (Object.hasOwn(byName, f.name)) return byName[f.name];
  switch (f.type) {
    case 'hidden':
      return f.defaultValue ?? '';
    case 'check':
      return true;
    case 'rego':
      return nz ? 'KLM456' : 'ABC123';
    case 'currency':
      return 30000;
    case 'year':
      return '2016';
    case 'dateTime':
      return f.dateRule === 'past' ? '1990-04-30' : futureDay(f);
    case 'captcha':
      return 'passed';
    case 'email':
      return 'jordan@example.com';
    case 'phone':
      return nz ? '021 555 0199' : '0412 345 678';
    case 'fullName':
      return 'Jordan Smith';
    case 'radio':
    case 'radioCard':
    case 'select':
    case 'locationSelect':
    case 'leadCategorySelect':
    case 'make':
      return listed(f.defaultValue) ? f.defaultValue : (first ?? '');
    default:
      return `Sample ${f.label || f.name}`;
  }
}

/**
 * The final saves of a form filled on the visitor's path (steps a skip rule passes over keep their
 * starting values): the plain one, one per option of a lead category select, and one that
 * answers No to a trade-in question.
 */
export function sampleSaves(form: SampleForm, def: FormDef, keyPrefix: string): SampleSave[] {
  const { dealer, page, blockId, data } = form;
  const props = formIslandProps(data, blockId, {
    dealer,
    page,
    flags: layoutFlags(page.publishedAt),
    aboveFold: false,
  });
  const fields = def.steps.flatMap((s) => s.fields);
  const variants: { name: string; overrides: Values }[] = [{ name: 'filled', overrides: {} }];
  for (const f of fields.filter((x) => x.type === 'leadCategorySelect')) {
    for (const o of f.options ?? []) variants.push({ name: `${f.name}=${o.value}`, overrides: { [f.name]: o.value } });
  }
  if (fields.some((f) => f.name === 'has_trade_in'))
    variants.push({ name: 'has_trade_in=No', overrides: { has_trade_in: 'No' } });
  return variants.map((variant, i) => {
    const start: Values = { ...initialValues(def), ...props.pageValues };
    const filled: Values = { ...start };
    for (const f of fields)
      if (!Object.hasOwn(props.pageValues ?? {}, f.name)) filled[f.name] = fillValue(f, dealer.site.country === 'NZ');
    Object.assign(filled, variant.overrides);
    const path = pathSteps(def, filled);
    const onPath = new Set(path.flatMap((s) => s.fields.map((f) => f.name)));
    const values: Values = Object.fromEntries(
      Object.entries(filled).map(([k, v]) => [k, onPath.has(k) || !(k in start) ? v : start[k]]),
    );
    Object.assign(values, props.pageValues);
    if (def.submit === 'finance')
      Object.assign(values, {
        finance_customer_key: 'CK-1001',
        finance_dealership_id: String(dealer.site.dealershipId ?? ''),
      });
    return {
      label: `${dealer.slug}${page.path}#${blockId} (${variant.name})`,
      dealer,
      def,
      body: {
        idempotencyKey: `${keyPrefix}-${dealer.slug}-${page.id}-${blockId}-${i}`,
        isLastStep: true,
        form: { pageId: page.id, blockId, step: path[path.length - 1]!.key },
        values: leadValues(values, { def, page: props.page, dealer: props.dealer, locations: props.locations }),
        tracking: { utm_source: 'google', utm_medium: 'cpc' },
      },
    };
  });
}
