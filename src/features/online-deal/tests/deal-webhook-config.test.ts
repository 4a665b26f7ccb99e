/** Each dealer's deal webhook from the environment: its own, else the shared one; a URL needs its secret. */
import { describe, expect, it } from 'vitest';
import { dealWebhookFor, dealWebhooksFromEnv } from '../server/webhook-config.ts';

describe('the deal webhook from the environment', () => {
  it("takes the dealer's own URL and secret, else the shared ones, else none", () => {
    const env = {
      DEAL_WEBHOOK_URL_MINI_MOTORS: 'https://crm.example.com/mini',
      DEAL_WEBHOOK_SECRET_MINI_MOTORS: 'own',
      DEAL_WEBHOOK_URL: 'https://crm.example.com/all',
      DEAL_WEBHOOK_SECRET: 'shared',
    };
    expect(dealWebhookFor('mini-motors', env)).toEqual({ url: 'https://crm.example.com/mini', secret: 'own' });
    expect(dealWebhookFor('other-motors', env)).toEqual({ url: 'https://crm.example.com/all', secret: 'shared' });
    expect(dealWebhookFor('other-motors', {})).toBeUndefined();
    expect(dealWebhooksFromEnv(['mini-motors'], env)('mini-motors')?.secret).toBe('own');
  });

  it('stops the start-up for a URL without a secret or a URL that is not http(s)', () => {
    expect(() => dealWebhooksFromEnv(['mini-motors'], { DEAL_WEBHOOK_URL: 'https://crm.example.com/all' })).toThrow(
      /DEAL_WEBHOOK_URL is set but no DEAL_WEBHOOK_SECRET_MINI_MOTORS or DEAL_WEBHOOK_SECRET/,
    );
    expect(() => dealWebhookFor('mini-motors', { DEAL_WEBHOOK_URL: 'ftp://x', DEAL_WEBHOOK_SECRET: 's' })).toThrow(
      /must be an http\(s\) URL/,
    );
  });
});
