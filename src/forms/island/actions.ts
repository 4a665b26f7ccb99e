/**
 * What happens when a visitor leaves a step: partial saves, the final save, the finance hand-off
 * and the simple service booking's website match. Each action resolves with what the form should
 * do next; none throws, and none changes the visitor's values except to add what the server said.
 */
import { currencyOf, generateLeadEvent, trackEcommerce } from '../../site/analytics-ecommerce.ts';
import type { StepDef } from '../types.ts';
import { HONEYPOT_FIELD, type LeadSaveRequest } from '../contract.ts';
import {
  fetchManufacturerLocations,
  financeLocation,
  saveLead,
  sendFinanceApplication,
  type ClientOptions,
} from '../client.ts';
import { matchServiceSites, type ServiceSiteMatch } from '../service-sites.ts';
import { messages } from '../messages.ts';
import { manufacturerDataLayer, trackEverywhere, trackThenGo } from '../../site/analytics.ts';
import { keepSubmission } from '../../stores/submission.ts';
import { endFormSession, openFormSession, updateFormSession, type FormSession } from '../../stores/form-session.ts';
import type { FormIslandProps } from './props.ts';
import { CAPTCHA_PASSED } from './captcha.ts';
import { hasContact, leadCategory, leadValues, successUrl, type Values } from './values.ts';

export interface Session {
  key: string;
  data: FormSession;
}

export interface FlowContext {
  props: FormIslandProps;
  session: Session;
  tracking: Record<string, string>;
  client?: ClientOptions;
  /** Where the browser goes (window.location.assign in the page). */
  navigate(url: string): void;
  /** window.alert in the page. */
  alert(message: string): void;
}

export type Outcome = { ok: true } | { ok: false; message: string; fields?: Record<string, string>; list?: string[] };

function remember(ctx: FlowContext, patch: Partial<FormSession>): void {
  ctx.session.data = { ...ctx.session.data, ...patch };
  updateFormSession(ctx.session.key, ctx.session.data);
}

function eventBase(ctx: FlowContext, values: Values) {
  const { def } = ctx.props;
  return { category: leadCategory(def, values), subcategory: def.subcategory, form_type: def.formType };
}

/** Saves the values after `step` (partial, or final with isLastStep) and keeps the lead id. */
export async function saveStep(
  ctx: FlowContext,
  step: StepDef,
  values: Values,
  isLastStep: boolean,
  extra: Values = {},
): Promise<Outcome> {
  const outcome = await saveOnce(ctx, step, values, isLastStep, extra);
  if (outcome.ok || !outcome.staleLead) return outcome.ok ? { ok: true } : toOutcome(outcome);
  // The kept lead is gone or already complete (an old tab, a reset database): start a new lead
  // with the same values rather than lose them.
  endFormSession(ctx.session.key);
  ctx.session.data = openFormSession(ctx.session.key);
  const again = await saveOnce(ctx, step, values, isLastStep, extra);
  return again.ok ? { ok: true } : toOutcome(again);
}

type SaveOnce = { ok: true } | (Extract<Outcome, { ok: false }> & { staleLead: boolean });

function toOutcome({ staleLead: _, ...outcome }: Extract<SaveOnce, { ok: false }>): Outcome {
  return outcome;
}

async function saveOnce(
  ctx: FlowContext,
  step: StepDef,
  values: Values,
  isLastStep: boolean,
  extra: Values,
): Promise<SaveOnce> {
  const { props } = ctx;
  const request: LeadSaveRequest = {
    site: props.site.slug,
    idempotencyKey: ctx.session.data.idempotencyKey,
    ...(ctx.session.data.lead_id ? { lead_id: ctx.session.data.lead_id } : {}),
    isLastStep,
    form: { pageId: props.page.id, blockId: props.blockId, step: step.key },
    // Formik holds what the fields produce: text, numbers, checkbox booleans and lists of text.
    values: {
      ...leadValues(values, { def: props.def, page: props.page, dealer: props.dealer, locations: props.locations }),
      ...extra,
    } as LeadSaveRequest['values'],
    tracking: ctx.tracking,
  };
  const result = await saveLead(request, ctx.client);
  if (!result.ok) {
    if (result.kind === 'invalid')
      return { ok: false, message: result.message, fields: result.fields, staleLead: false };
    const staleLead =
      result.kind === 'rejected' && (result.status === 404 || result.status === 409) && request.lead_id !== undefined;
    return { ok: false, message: result.message, staleLead };
  }
  remember(ctx, { lead_id: result.lead_id });
  const fired = ctx.session.data.firedEvents ?? [];
  if (step.analyticsEvent !== undefined && !fired.includes(step.key)) {
    trackEverywhere(
      {
        event: 'form_step',
        id: step.analyticsEvent,
        ...eventBase(ctx, values),
        step: step.key,
        email: values.email,
        phone: values.phone,
      },
      { manufacturerDataLayer: ctx.props.site.manufacturerDataLayer },
    );
    remember(ctx, { firedEvents: [...fired, step.key] });
  }
  return { ok: true };
}

/**
 * Leaving a non-final step: a partial save when the values hold a name and an email or phone
 * (spec §4), unless the step skips saving. The finance form sends its intermediate save once.
 */
export async function leaveStep(ctx: FlowContext, step: StepDef, values: Values): Promise<Outcome> {
  if (step.skipSave || !hasContact(values)) return { ok: true };
  if (ctx.props.def.submit === 'finance') {
    if (ctx.session.data.intermediateSent) return { ok: true };
    const saved = await saveStep(ctx, step, values, false);
    if (saved.ok) remember(ctx, { intermediateSent: true });
    return saved;
  }
  return saveStep(ctx, step, values, false);
}

function finish(ctx: FlowContext, values: Values, url: string): void {
  const { props } = ctx;
  keepSubmission({
    category: leadCategory(props.def, values),
    ...(props.def.subcategory ? { subcategory: props.def.subcategory } : {}),
    values: withoutPrivateFields(values),
    ...(props.similarCar ? { similarCar: props.similarCar } : {}),
    ...(props.candidateCars?.length ? { candidateCars: props.candidateCars } : {}),
  });
  const event = {
    event: 'form_submit',
    ...(props.def.analyticsEvent !== undefined ? { id: props.def.analyticsEvent } : {}),
    ...eventBase(ctx, values),
  };
  if (props.site.manufacturerDataLayer) manufacturerDataLayer().push(event);
  // GA4's lead event: the car the form is about, nothing about the visitor.
  if (typeof document !== 'undefined')
    trackEcommerce(
      generateLeadEvent(props.leadCar, currencyOf(document.documentElement.lang), leadCategory(props.def, values)),
    );
  endFormSession(ctx.session.key);
  trackThenGo(event, () => ctx.navigate(url));
}

/** Values kept for the thank-you page: no honeypot, captcha or identity documents. */
export function withoutPrivateFields(values: Values): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === HONEYPOT_FIELD || v === CAPTCHA_PASSED || /licen[cs]e|dateOfBirth/i.test(k)) continue;
    out[k] = v;
  }
  return out;
}

/** The last step of a lead form: the final save, then the thank-you page. */
export async function submitLead(ctx: FlowContext, step: StepDef, values: Values): Promise<Outcome> {
  const saved = await saveStep(ctx, step, values, true);
  if (!saved.ok) return saved;
  finish(ctx, values, successUrl(ctx.props.successPath, ctx.props.def, values));
  return { ok: true };
}

/** "field: first message" for each field the provider refused (spec §8). */
export function dataErrorList(dataErrors: Record<string, string[]>): string[] {
  return Object.entries(dataErrors)
    .filter(([, m]) => m.length)
    .map(([field, m]) => `${field}: ${m[0]}`);
}

/**
 * The last step of the finance form: the application goes to the provider route; refused fields
 * come back as a list and a refusal as the step error. Accepted: the lead is completed (an error
 * there only alerts 'An error occurred': the application itself went through) and the visitor
 * goes to the provider's quote page, or its mobile-verification page when unverified.
 */
export async function submitFinance(ctx: FlowContext, step: StepDef, values: Values): Promise<Outcome> {
  const { props } = ctx;
  const application: Values = leadValues(values, {
    def: props.def,
    page: props.page,
    dealer: props.dealer,
    locations: props.locations,
  });
  delete application[HONEYPOT_FIELD];
  if (ctx.session.data.lead_id) application.lead_id = ctx.session.data.lead_id;
  const carId = typeof values.car_id === 'string' ? values.car_id.trim() : '';
  if (props.site.lookupCarLocation && carId) {
    const dealershipId = await financeLocation(carId, props.site.slug, ctx.client);
    if (dealershipId) application.dealershipId = dealershipId;
  }
  const sent = await sendFinanceApplication(props.site.financeProvider, application, props.site.slug, ctx.client);
  if (!sent.ok) return { ok: false, message: sent.message };
  const answer = sent.answer;
  if (answer.dataErrors && Object.keys(answer.dataErrors).length) {
    return { ok: false, message: 'Please check these details:', list: dataErrorList(answer.dataErrors) };
  }
  if (answer.error) return { ok: false, message: answer.error };

  const finance: Values = {};
  if (answer.customerKey) finance.finance_customer_key = answer.customerKey;
  if (answer.dealershipId !== undefined) finance.finance_dealership_id = String(answer.dealershipId);
  if (answer.mobileVerificationStatus) finance.mobileVerificationStatus = answer.mobileVerificationStatus;
  const saved = await saveStep(ctx, step, values, true, finance);
  if (!saved.ok) ctx.alert(messages.submitError);
  finish(ctx, values, answer.satellite_site_url || successUrl(props.successPath, props.def, values));
  return { ok: true };
}

/**
 * After the simple service booking's make step: which dealer websites service the make. A failed
 * fetch is logged and treated as no match, so the form simply opens (spec §8).
 */
export async function matchMake(ctx: FlowContext, make: string): Promise<ServiceSiteMatch> {
  const result = await fetchManufacturerLocations(ctx.props.site.slug, ctx.client);
  if (!result.ok) {
    console.error('Failed to fetch locations');
    return { kind: 'form' };
  }
  return matchServiceSites(make, result.websites, { currentSiteId: ctx.props.site.id });
}
