/**
 * Saved searches end to end, in Chromium at 390 and 1366 px on Ridgeline Mazda's /new-cars (the
 * suite's dealer that takes stock pushes, E2E_STOCK_SLUG): "Save this search" loads its form on
 * the click, sends the page's search with an email address, the confirmation .eml's link turns
 * the alert on, a signed stock push brings a matching car, and the alert .eml names it, with the
 * one-click unsubscribe header; its unsubscribe page stops the alert.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { stockSignature } from '../../src/features/stock/server/signature.ts';
import { E2E_STOCK_KEY, E2E_STOCK_SLUG } from './setup/api-setup.ts';
import { e2eEnv, localOrigin } from './setup/support.ts';

const env = e2eEnv();
const mailDir = process.env.E2E_MAIL_DIR;
const SLUG = E2E_STOCK_SLUG;
const origin = () => localOrigin(SLUG, env!.port);

test.skip(!env || !mailDir, 'needs the global setup');

/** The dealer's .eml files to `to`, parsed. */
async function mailsTo(to: string): Promise<{ raw: string; mail: ParsedMail }[]> {
  const dir = path.join(mailDir!, SLUG);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const all = await Promise.all(
    files.map(async (f) => {
      const raw = await readFile(path.join(dir, f), 'utf8');
      return { raw, mail: await simpleParser(raw) };
    }),
  );
  return all.filter((m) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r$`, 'm').test(m.raw));
}

const linkIn = (text: string, start: string) => text.split(/\s+/).find((w) => w.startsWith(start))!;

async function push(cars: Record<string, unknown>[]) {
  const body = JSON.stringify({ mode: 'delta', cars });
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await fetch(`http://127.0.0.1:${env!.port}/api/stock?site=${SLUG}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Stock-Timestamp': ts,
      'X-Stock-Signature': stockSignature(ts, `site=${SLUG}`, body, E2E_STOCK_KEY),
    },
    body,
  });
  expect(res.status).toBe(200);
}

async function hydrated(page: Page) {
  const block = page.locator('section.cars').first();
  await block.scrollIntoViewIfNeeded();
  await expect(block.locator('astro-island[ssr]')).toHaveCount(0);
}

for (const width of [390, 1366]) {
  test(`save a search, confirm it, and get the alert of a matching arrival at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = `shopper-${width}@example.com`;
    // A search of the page's own address: new Mazdas at a price only this test's car has (the
    // two widths run side by side).
    const price = 61_990 + width;
    await page.goto(`${origin()}/new-cars?make=Mazda&price=${price - 5}:${price + 5}`);
    await hydrated(page);
    // The island has applied the address's search (and keeps it in the URL).
    await expect(page.locator('section.cars .chip').first()).toContainText('Mazda');
    await expect(page).toHaveURL(/[?&]make(%5B0%5D)?=Mazda/);
    const control = page.locator('.save-search');
    await expect(control).toContainText('Get an email when new cars match this search.');
    // The form is not in the page's first JavaScript: it loads on the click.
    await control.getByRole('button', { name: 'Save this search' }).click();
    const field = control.getByLabel('Email address');
    await expect(field).toBeFocused();
    const axe = await new AxeBuilder({ page }).include('.save-search').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await control.getByRole('button', { name: 'Email me' }).click();
    await expect(control.locator('.field-error')).toContainText('Enter an email address');
    await field.fill(email);
    await control.getByRole('button', { name: 'Email me' }).click();
    await expect(control.getByRole('status')).toContainText('Check your email to confirm your alert.');

    // The confirmation email's link asks, and its button turns the alert on.
    const [confirmation] = await mailsTo(email);
    expect(confirmation!.mail.subject).toContain('Confirm your car alert');
    const confirm = linkIn(confirmation!.mail.text!, `${origin()}/api/saved-searches/confirm?token=`);
    await page.goto(confirm);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turn on this car alert?');
    await page.getByRole('button', { name: 'Turn on my alert' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your car alert is on');
    await expect(page.locator('main')).toContainText('Mazda');

    // A Mazda arrives through the stock system's push: within seconds the alert names it.
    const stock = `E2E-MAZDA-${width}`;
    await push([
      {
        stock_number: stock,
        condition: 'new',
        make: 'Mazda',
        model: 'CX-90',
        badge: `Platinum ${width}`,
        year: 2024,
        odometer: 10,
        price,
        price_qualifier: 'drive_away',
        photos: ['/samples/ridgeline-mazda/car-suv-large-black-front.svg'],
      },
    ]);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000, intervals: [500] }).toBe(2);
    const alert = (await mailsTo(email))[1]!;
    expect(alert.mail.subject).toBe(`A new car matches your search at ${alert.mail.from!.value[0]!.name}`);
    expect(alert.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(alert.mail.text).toContain(`2024 Mazda CX-90 Platinum ${width}`);
    expect(alert.mail.html).toContain(`2024 Mazda CX-90 Platinum ${width}`);
    expect(alert.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    const carLink = linkIn(alert.mail.text!, `${origin()}/cars/`);
    expect(carLink).toMatch(/\/cars\/2024-mazda-cx-90-platinum/);

    // Its unsubscribe link asks first, then stops the alert.
    const unsubscribe = linkIn(alert.mail.text!, `${origin()}/api/saved-searches/unsubscribe?token=`);
    await page.goto(unsubscribe);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop this car alert?');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');
  });
}
