/**
 * Mutations of the rows of docs/spec-coverage.md for saved searches and alerts: double opt-in,
 * tokens, unsubscribe, the alert's news and daily limit, and the personal data rules. Listed by
 * ../list.ts.
 */
import { row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Double opt-in',
    [u('saved-search-route'), u('alerts-run')],
    [
      {
        id: 'alerts-unconfirmed-get-none',
        find: '     WHERE site_slug = ANY($1::text[]) AND confirmed_at IS NOT NULL\n',
        replace: '     WHERE site_slug = ANY($1::text[])\n',
        why: 'an unconfirmed search gets no alert',
      },
      {
        id: 'alerts-token-hashed',
        find: '      tokenHash(token),\n      searchId,',
        replace: '      token,\n      searchId,',
        why: 'only the hash of a link token is stored',
      },
      {
        id: 'alerts-confirm-on-open',
        find: '    const action = `${API_ROUTES.savedSearchConfirm}?token=${encodeURIComponent(tokenOf(c))}`;\n',
        replace:
          "    if (link.purpose === 'confirm') await deps.db.transaction((tx) => confirmSearch(tx, link, deps.now()));\n    const action = `${API_ROUTES.savedSearchConfirm}?token=${encodeURIComponent(tokenOf(c))}`;\n",
        why: 'opening the confirmation link only asks: its button confirms',
      },
    ],
  ),
  ...row(
    'Unsubscribe: the GET link asks',
    [u('saved-search-route')],
    [
      {
        id: 'alerts-unsubscribe-deletes',
        find: '    if (link) await deleteSearch(deps.db, link.search.id);',
        replace: '',
        why: 'the one-click POST deletes the search',
      },
    ],
  ),
  ...row(
    'Alerts: new matching cars and price drops',
    [u('alerts-run')],
    [
      {
        id: 'alerts-price-drop',
        find: "      if (typeof was === 'number' && now !== null && now < was) dropped.push({ hit, was });",
        replace: "      if (typeof was === 'number' && now !== null && now <= was) dropped.push({ hit, was });",
        why: 'the same price is never told twice as a drop',
      },
      {
        id: 'alerts-daily-limit',
        find: '       AND (last_alert_at IS NULL OR last_alert_at <= $3::timestamptz) RETURNING id`,',
        replace: '       RETURNING id`,',
        why: 'at most one email a day per search',
      },
      {
        id: 'alerts-remember-told',
        find: '         SET price = LEAST(saved_search_cars.price, EXCLUDED.price), told_at = EXCLUDED.told_at`,',
        replace: '         SET told_at = EXCLUDED.told_at`,',
        why: 'the lowest price told is kept, so a price back up and down again is not news',
      },
    ],
  ),
  ...row(
    'Addresses are personal information',
    [u('alerts-privacy')],
    [
      {
        id: 'alerts-erase-files',
        find: "  await deleteMail(db, 'site_slug = $1 AND email_key = $2', [siteSlug, key], report);",
        replace: '',
        why: "erase deletes the person's email files",
      },
      {
        id: 'alerts-unconfirmed-purged',
        find: "      'DELETE FROM saved_searches WHERE confirmed_at IS NULL AND created_at <= $1::timestamptz RETURNING id',",
        replace: "      'SELECT id FROM saved_searches WHERE confirmed_at IS NULL AND created_at <= $1::timestamptz',",
        why: 'an unconfirmed search is deleted after 3 days',
      },
    ],
  ),
];
