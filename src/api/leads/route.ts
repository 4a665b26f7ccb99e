/**
 * POST /api/leads — saves a lead (src/forms/contract.ts). Order of checks: per-IP rate limit,
 * body size (413) and JSON (400), site (404), per-site rate limit (429), request shape (400),
 * then the values (400 with `fields`). The answer is sent only after the transaction commits;
 * a database failure answers 503 so the form keeps the visitor's input for a retry.
 *
 * lead_id: an id that is not a lead of this site answers 404; a lead of this site saved by
 * another form session (another idempotencyKey) answers 409.
 */
import type { Hono } from 'hono';
import { MAX_LEAD_BODY_BYTES, type LeadSaveResponse } from '../../forms/contract.ts';
import { readJsonObject } from '../body.ts';
import { DEFAULT_RATE_LIMITS, type ApiDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { SlidingWindowLimiter, clientIp } from '../rate-limit.ts';
import { resolveSite } from '../site.ts';
import { missingContact, parseLeadSave } from './request.ts';
import { leadSaverFor } from './batch.ts';
import { findForm, stepValues, validateValues } from './validate.ts';
import { trimmed } from '../../lib/text.ts';

export const UNAVAILABLE = 'We could not save your details just now. Everything you entered is still here: please try again in a moment.';

function retryAfter(ms: number): Record<string, string> {
  return { 'Retry-After': String(Math.ceil(ms / 1000)) };
}

export function mountLeadRoute(app: Hono, deps: ApiDeps): void {
  const limits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  const perIp = new SlidingWindowLimiter(limits.perIp);
  const perSite = new SlidingWindowLimiter(limits.perSite);
  const store = leadSaverFor(deps.db);

  app.post('/leads', async (c) => {
    const now = deps.now();
    const ip = clientIp(c.req.raw);
    // Without an address every visitor would share one bucket; the site limit still applies.
    const ipAnswer = ip === 'unknown' ? { ok: true as const } : perIp.hit(ip, now.getTime());
    if (!ipAnswer.ok) {
      throw new ApiError(429, 'Too many forms were sent from your network. Please wait a minute and try again.', undefined, retryAfter(ipAnswer.retryAfterMs));
    }
    const body = await readJsonObject(c.req.raw, MAX_LEAD_BODY_BYTES);
    const dealer = resolveSite(c.req.raw, deps.dealers, body.site);
    if (!dealer) {
      throw new ApiError(404, 'No dealer site matches this request: call the API from the dealer\'s site, or name it with "site".');
    }
    const siteAnswer = perSite.hit(dealer.slug, now.getTime());
    if (!siteAnswer.ok) {
      throw new ApiError(429, 'This site is receiving too many forms right now. Please try again shortly.', undefined, retryAfter(siteAnswer.retryAfterMs));
    }
    const save = parseLeadSave(body);
    const found = findForm(dealer, save.form.pageId, save.form.blockId, now);
    if (!save.spam) {
      if (!found) {
        throw new ApiError(400, `${dealer.site.name} has no form "${save.form.blockId}" on page "${save.form.pageId}".`);
      }
      if (!found.def.steps.some((s) => s.key === save.form.step)) {
        throw new ApiError(400, `The form has no step "${save.form.step}".`);
      }
      if (!save.isLastStep) {
        const missing = missingContact(save.values);
        if (missing.length) throw new ApiError(400, `To save your details we need ${missing.join(' and ')}.`);
      }
      const fields = await validateValues(found.def, save.form.step, save.isLastStep, save.values);
      if (Object.keys(fields).length) throw new ApiError(400, 'Please check the highlighted fields and try again.', fields);
    }

    let outcome;
    try {
      outcome = await store({ write: {
        siteSlug: dealer.slug,
        idempotencyKey: save.idempotencyKey,
        leadId: save.leadId,
        isLastStep: save.isLastStep,
        category: trimmed(save.values.category) ?? found?.def.category,
        subcategory: trimmed(save.values.subcategory) ?? found?.def.subcategory,
        pageId: save.form.pageId,
        pageTitle: trimmed(save.values.PageTitle) ?? found?.page.title,
        blockId: save.form.blockId,
        formType: found?.def.formType,
        step: save.form.step,
        values: save.values,
        stepValues: stepValues(found?.def, save.form.step, save.values),
        tracking: save.tracking,
        spamReason: save.spam ? 'honeypot field filled' : undefined,
        now,
      }, completion: {
        destinations: deps.destinations?.(dealer.slug) ?? [],
      } });
    } catch (error) {
      console.error(`Lead save failed for ${dealer.slug}: ${(error as Error).message}`);
      throw new ApiError(503, UNAVAILABLE, undefined, { 'Retry-After': '5' });
    }
    if (!outcome.ok) throw new ApiError(outcome.status, outcome.message);
    if (outcome.completedNow && !save.spam) deps.onLeadCompleted?.(outcome.leadId);
    const answer: LeadSaveResponse = { lead_id: outcome.leadId, lead_status: outcome.status };
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });
}
