/**
 * POST /api/leads — saves a lead (src/forms/contract.ts, schema src/features/leads/contract/leads.ts). Order of
 * checks: Content-Type (415), body size (413) and JSON (400), site (404), Origin (403) in the
 * intake middleware, request shape (400 with `fields`) by validate(), the form's values (400 with
 * `fields`), then the rate limits (429): per client address, counting every request including
 * refused ones (each check that refuses counts it), and per site, counting only valid saves that
 * start a form session, so junk never locks a dealer's forms and a visitor who has started a form
 * can finish it. The answer is sent only after the transaction commits; a database failure answers 503 so
 * the form keeps the visitor's input for a retry.
 *
 * lead_id: an id that is not a lead of this site answers 404; a lead of this site saved by
 * another form session (another idempotencyKey) answers 409.
 *
 * The lead values the server knows (category, subcategory, page_id, PageTitle, the dealer's ids,
 * location and dealership, a team member's name) are the server's, never the request's: see
 * server-values.ts. A location or category the form does not offer is refused with `fields`.
 */
import type { Context } from 'hono';
import { leadSaveRequest, type LeadSaveResponse } from '../contract/leads.ts';
import { MAX_LEAD_BODY_BYTES } from '../../../forms/contract.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { describeError } from '../../../api/db/errors.ts';
import { featureApp, routePath } from '../../../api/core/respond.ts';
import { jsonIntake, refusalsCounted } from '../../../api/core/intake.ts';
import { enforce, limitsOf } from '../../../api/core/guard.ts';
import { clientIp, type Hit, type Limit } from '../../../api/core/rate-limit.ts';
import { validate } from '../../../api/core/validate.ts';
import { leadProblem, leadSaveOf, missingContact, type LeadSave } from './request.ts';
import { leadSaverFor } from './batch.ts';
import { findForm, stepValues, validateValues, type FoundForm } from './validate.ts';
import { ownedValues, type OwnedValues } from './server-values.ts';
import type { DealerContent } from '../../../content/load.ts';
import { dropOfferValues, leadTradeOffer, offerValues } from '../../valuation/server/lead-offer.ts';
import { localValuationProvider } from '../../valuation/server/valuation-provider.ts';

export const UNAVAILABLE =
  'We could not save your details just now. Everything you entered is still here: please try again in a moment.';

const TOO_MANY_FROM_NETWORK = 'Too many forms were sent from your network. Please wait a minute and try again.';
const TOO_MANY_FOR_SITE = 'This site is receiving too many forms right now. Please try again shortly.';

interface CheckedSave {
  found: FoundForm | undefined;
  /** The values to store, with the server's own lead values (server-values.ts). */
  owned: OwnedValues;
}

/** The per-address limit of a request, with its message. */
function addressLimit(c: Context, limit: Limit) {
  const ip = clientIp(c.req.raw);
  // Without an address every visitor would share one bucket; the site limit still applies.
  const hits: Hit[] = ip === 'unknown' ? [] : [{ key: `leads:ip:${ip}`, limit }];
  return { hits, messages: { [`leads:ip:${ip}`]: TOO_MANY_FROM_NETWORK } };
}

/** POST /api/leads. */
export function leadsApp(deps: ApiDeps) {
  const limits = limitsOf(deps);
  const store = leadSaverFor(deps.db);

  /** A refused request still counts against its address, so junk from one address is slowed. */
  async function countRefused(c: Context) {
    const { hits, messages } = addressLimit(c, limits.perIp);
    await enforce(deps, hits, messages);
  }

  const counting = refusalsCounted(countRefused);
  /** Content-Type, body, site and Origin: the dealer and body in `c.var` for validate() and the handler. */
  const intake = jsonIntake(deps, MAX_LEAD_BODY_BYTES, counting);

  /** What a valid body must pass, against the dealer's form, before it may count against the site. */
  async function check(dealer: DealerContent, save: LeadSave, now: Date): Promise<CheckedSave> {
    const found = findForm(dealer, save.form.pageId, save.form.blockId, now);
    if (!save.spam) {
      if (!found) {
        throw new ApiError(
          400,
          `${dealer.site.name} has no form "${save.form.blockId}" on page "${save.form.pageId}".`,
        );
      }
      if (!found.def.steps.some((s) => s.key === save.form.step)) {
        throw new ApiError(400, `The form has no step "${save.form.step}".`);
      }
      if (!save.isLastStep) {
        const missing = missingContact(save.values);
        if (missing.length) throw new ApiError(400, `To save your details we need ${missing.join(' and ')}.`);
      }
      // Values that pass the schemas are normalised in place (phone numbers), before the server's
      // own values are set; then choices the form does not offer on any step are refused too.
      const checkedFields = await validateValues(found.def, save.form.step, save.isLastStep, save.values);
      const owned = ownedValues(dealer, found, save.form.pageId, save.values);
      const fields = { ...owned.fields, ...checkedFields };
      if (Object.keys(fields).length)
        throw new ApiError(400, 'Please check the highlighted fields and try again.', fields);
      return { found, owned };
    }
    return { found, owned: ownedValues(dealer, found, save.form.pageId, save.values) };
  }

  return featureApp().post(
    routePath('leads'),
    intake,
    validate('json', leadSaveRequest, leadProblem, { onRefused: countRefused }),
    async (c) => {
      const now = deps.now();
      const dealer = c.get('dealer');
      const save = leadSaveOf(c.req.valid('json'));
      const { found, owned } = await counting(c, () => check(dealer, save, now));
      const { hits: ipHits, messages } = addressLimit(c, limits.perIp);
      const siteKey = `leads:site:${dealer.slug}`;
      const startsSession = !save.leadId && !save.spam;
      await enforce(deps, [...ipHits, ...(startsSession ? [{ key: siteKey, limit: limits.perSite }] : [])], {
        ...messages,
        [siteKey]: TOO_MANY_FOR_SITE,
      });

      // The trade-in offer is the server's (valuation/server/lead-offer.ts), made as the lead completes.
      dropOfferValues(owned.values);
      if (save.isLastStep && !save.spam) {
        const provider = deps.valuationProvider ?? localValuationProvider();
        const offer = await leadTradeOffer(dealer, found?.def.formType, owned.values, provider, now);
        if (offer) Object.assign(owned.values, offerValues(offer));
      }

      let outcome;
      try {
        outcome = await store({
          write: {
            siteSlug: dealer.slug,
            idempotencyKey: save.idempotencyKey,
            leadId: save.leadId,
            isLastStep: save.isLastStep,
            category: owned.category,
            subcategory: owned.subcategory,
            pageId: save.form.pageId,
            pageTitle: owned.pageTitle,
            blockId: save.form.blockId,
            formType: found?.def.formType,
            step: save.form.step,
            values: owned.values,
            stepValues: stepValues(found?.def, save.form.step, owned.values),
            tracking: save.tracking,
            spamReason: save.spam ? 'honeypot field filled' : undefined,
            now,
          },
          completion: {
            destinations: deps.destinations?.(dealer.slug) ?? [],
          },
        });
      } catch (error) {
        console.error(`Lead save failed for ${dealer.slug}: ${describeError(error)}`);
        throw new ApiError(503, UNAVAILABLE, undefined, { 'Retry-After': '5' });
      }
      if (!outcome.ok) throw new ApiError(outcome.status, outcome.message);
      if (outcome.completedNow && !save.spam) deps.onLeadCompleted?.(outcome.leadId);
      const answer: LeadSaveResponse = { lead_id: outcome.leadId, lead_status: outcome.status };
      return c.json(answer, 200, { 'Cache-Control': 'no-store' });
    },
  );
}
