/**
 * The online deal routes (docs/online-deal.md). Every one is a JSON POST from the dealer's own
 * pages (415, 403), counted against the lead saves' per-address limit (429). The shopper's token
 * is in the body, never in a URL the server logs; a token of another deal or another site answers
 * 404 like no deal at all.
 *
 * POST /api/deals          { site?, car_id }                        201 { token, deal }
 * POST /api/deals/view     { site?, token }                         200 deal
 * POST /api/deals/save     { site?, token, trade_in?, finance?, handover?, contact?, submit? }
 *                          200 deal; 400 { fields: { "handover.date": "…" } } naming each problem
 * POST /api/deals/cancel   { site?, token }                         200 deal (cancelled)
 * POST /api/deals/deposit  { site?, token, accept_terms }           201 { reservation_id, reservation_key, checkout_url }
 */
import type { Context } from 'hono';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { guard } from '../../../api/core/guard.ts';
import { clientIp } from '../../../api/core/rate-limit.ts';
import { featureApp, routePath } from '../../../api/core/respond.ts';
import { validate } from '../../../api/core/validate.ts';
import type { Payments } from '../../reservations/server/payments/payments.ts';
import { PAYMENTS_DOWN, startReservation } from '../../reservations/server/service.ts';
import { setLead } from '../../reservations/server/store.ts';
import { dealAction, dealDeposit, dealStart, dealUpdate, type DealDepositStarted } from '../contract/deal.ts';
import { cancelDeal, dealView, NO_DEAL, startDeal, updateDeal } from './service.ts';
import { attachReservation, dealByToken } from './store.ts';
import { TERMS_MESSAGE } from '../../../forms/reservation.ts';

const TOO_MANY = 'Too many changes were sent from your network. Please wait a minute and try again.';
const NO_STORE = { 'Cache-Control': 'no-store' };
export const NOT_SENT = 'Send your deal to the dealer first; then you can pay the deposit.';

function pageOrigin(request: Request, siteUrl: string): string {
  const origin = request.headers.get('origin');
  return origin && origin !== 'null' ? origin : new URL(siteUrl).origin;
}

/** POST /api/deals, …/view, …/save, …/cancel, …/deposit. */
export function onlineDealApp(deps: ApiDeps) {
  const guarded = () => guard(deps, 'deals', (limits) => limits.perIp, TOO_MANY);

  async function shoppersDeal(c: Context, token: string) {
    const dealer = c.get('dealer') as Parameters<typeof dealView>[1];
    const row = await dealByToken(deps.db, dealer.slug, token);
    if (!row) throw new ApiError(404, NO_DEAL);
    return { dealer, row };
  }

  return featureApp()
    .post(routePath('deals'), guarded(), validate('json', dealStart), async (c) => {
      const started = await startDeal(deps, c.get('dealer'), c.req.valid('json').car_id);
      return c.json(started, 201, NO_STORE);
    })
    .post(routePath('dealView'), guarded(), validate('json', dealAction), async (c) => {
      const { dealer, row } = await shoppersDeal(c, c.req.valid('json').token);
      return c.json(dealView(deps, dealer, row), 200, NO_STORE);
    })
    .post(routePath('dealSave'), guarded(), validate('json', dealUpdate), async (c) => {
      const update = c.req.valid('json');
      const { dealer, row } = await shoppersDeal(c, update.token);
      return c.json(await updateDeal(deps, dealer, row, update), 200, NO_STORE);
    })
    .post(routePath('dealCancel'), guarded(), validate('json', dealAction), async (c) => {
      const { dealer, row } = await shoppersDeal(c, c.req.valid('json').token);
      return c.json(await cancelDeal(deps, dealer, row), 200, NO_STORE);
    })
    .post(routePath('dealDeposit'), guarded(), validate('json', dealDeposit), async (c) => {
      const body = c.req.valid('json');
      const { dealer, row } = await shoppersDeal(c, body.token);
      if (row.status !== 'submitted' || !row.parts.contact || !row.lead_id) throw new ApiError(409, NOT_SENT);
      if (body.accept_terms !== true)
        throw new ApiError(400, `accept_terms: ${TERMS_MESSAGE.replace(/^\*/, '')}`, { accept_terms: TERMS_MESSAGE });
      if (!deps.payments) throw new ApiError(503, PAYMENTS_DOWN, undefined, { 'Retry-After': '60' });
      const { contact } = row.parts;
      const started = await startReservation(deps as ApiDeps & { payments: Payments }, dealer, {
        carId: row.car_id,
        values: { ...contact, accept_terms: true },
        siteOrigin: pageOrigin(c.req.raw, dealer.site.url),
        apiOrigin: new URL(c.req.url).origin,
        client: clientIp(c.req.raw),
      });
      await attachReservation(deps.db, row.id, started.id, deps.now());
      // With a deal webhook the paid deposit reaches the dealer as "deal.completed", so the
      // reservation takes the deal's lead as its own and writes no second one; without one the
      // reservation's lead tells the dealer of the payment as for any reservation.
      if (deps.dealWebhook?.(dealer.slug)) await setLead(deps.db, started.id, row.lead_id);
      const answer: DealDepositStarted = {
        reservation_id: started.id,
        reservation_key: started.key,
        checkout_url: started.checkoutUrl,
      };
      return c.json(answer, 201, NO_STORE);
    });
}
