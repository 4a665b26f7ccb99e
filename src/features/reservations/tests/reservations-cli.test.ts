/**
 * npm run reservations: a dealer lists its reservations, confirms the sale of a reserved car (its
 * hold no longer ends and the car shows sold) or releases it, on the embedded database of a data
 * folder; a car without a paid reservation is exit 2 and changes nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../api/db/index.ts';
import { migrate } from '../../../api/db/migrate.ts';
import { hashKey } from '../server/service.ts';
import { DEFAULT_HOLD_LIMITS, holderKeys } from '../server/limits.ts';
import { startHold, markPaid, attachCheckout } from '../server/store.ts';
import { liveReservations } from '../server/rows.ts';
import { childEnv } from '../../../../tests/helpers/build-child.ts';

const run = promisify(execFile);
const SITE = 'mini-motors';
let dataDir: string;

async function reservations(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/reservations.ts', ...args, '--data', dataDir], {
      env: childEnv({ DATABASE_URL: '' }),
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> {
  const db = await openDb({ kind: 'pglite', dataDir });
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'reservations-cli-'));
  const now = new Date();
  await withDb(async (db) => {
    for (const car of ['11', '12']) {
      const id = `res_${car.padStart(24, '0')}`;
      await startHold(
        db,
        {
          id,
          site: SITE,
          carId: car,
          amount: 50_000,
          currency: 'aud',
          contact: { first_name: 'Mia', last_name: 'Nguyen', email: 'mia@example.com', phone: '0412 345 678' },
          keyHash: hashKey('k'),
          cancelHash: hashKey('c'),
          keys: holderKeys(SITE, `203.0.113.${car}`, `mia+${car}@example.com`, `0412 345 6${car}`),
          timeZone: 'Australia/Perth',
          checkoutExpiresAt: new Date(now.getTime() + 1_800_000),
          now,
        },
        DEFAULT_HOLD_LIMITS,
      );
      await attachCheckout(db, id, `cs_test_${car}`, now);
      await db.transaction((tx) =>
        markPaid(tx, `cs_test_${car}`, `pi_test_${car}`, new Date(now.getTime() + 48 * 3_600_000), now),
      );
    }
  });
}, 120_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run reservations', () => {
  it('lists, confirms a sale, releases, and refuses a car with no paid reservation', async () => {
    const list = await reservations(['list', '--site', SITE]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      /car 11: reserved until \w{3},? \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m AWST, 500\.00 AUD, Mia Nguyen <mia@example\.com>, payment pi_test_11/,
    );
    // The dealer's staff read their own time, not UTC.
    expect(list.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    const confirm = await reservations(['confirm', '--site', SITE, '--car', '11']);
    expect(confirm.code, confirm.stderr).toBe(0);
    expect(confirm.stdout).toContain('the sale of car 11 is confirmed');
    const release = await reservations(['release', '--site', SITE, '--car', '12']);
    expect(release.code, release.stderr).toBe(0);
    expect(release.stdout).toContain('car 12 is released');

    const none = await reservations(['release', '--site', SITE, '--car', '12']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('car 12 has no paid reservation holding it: nothing changed.');
    const states = await withDb((db) => liveReservations(db, SITE, ['11', '12'], new Date()));
    expect(Object.fromEntries(states)).toEqual({ '11': 'sold' });

    const usage = await reservations(['confirm', '--site', SITE]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('--car ID is required.');
  }, 120_000);
});
