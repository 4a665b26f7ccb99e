/**
 * The documented defaults of the limits a dealer's API enforces (README.md, docs/api.md), held
 * by plain assertions on ENV_VARS, the one table every reader of the environment goes through.
 */
import { describe, expect, it } from 'vitest';
import { ENV_VARS, type EnvName } from '../../../src/config/env.ts';

const defaults: [EnvName, number][] = [
  ['RESERVATION_UNPAID_HOLDS_PER_IP', 2],
  ['RESERVATION_UNPAID_HOLDS_PER_CONTACT', 2],
  ['RESERVATION_UNPAID_HOLDS_PER_DEALER', 10],
  ['RESERVATION_UNPAID_STARTS_PER_IP_PER_DAY', 6],
  ['RATE_LIMIT_RESERVATIONS_PER_IP', 10],
  ['RATE_LIMIT_LEADS_PER_IP', 20],
  ['RATE_LIMIT_LEADS_PER_SITE', 600],
  ['RATE_LIMIT_FINANCE_PER_IP', 10],
  ['RATE_LIMIT_VALUATION_PER_IP', 20],
  ['RATE_LIMIT_SEARCH_PER_IP', 300],
  ['RATE_LIMIT_SAVED_SEARCHES_PER_IP', 10],
  ['RATE_LIMIT_SAVED_SEARCH_CONFIRMATIONS_PER_SITE', 200],
  ['RATE_LIMIT_STOCK_FAILURES_PER_IP', 10],
  ['LEAD_RETENTION_MONTHS', 24],
  ['LEAD_SENSITIVE_DAYS', 30],
];

describe('API limits by default', () => {
  it.each(defaults)('%s is %i', (name, value) => {
    expect((ENV_VARS[name] as { default?: unknown }).default).toBe(value);
  });
});
