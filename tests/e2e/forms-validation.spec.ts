/**
 * Every form of every sample dealer, as a visitor meets it in Chromium against the real API (see
 * setup/api-setup.ts): each form is walked step by step; on each step a wrong phone number, an
 * email without a real domain and an 11-year-old's birth date are typed where the step asks for
 * them and the schema's message must show, then the right answer clears it. A booking's day list
 * must offer no past day and no day the chosen location is closed (its content format 1.1 hours,
 * in its own time zone). The visitor then finishes the form with valid answers and reaches the
 * thank-you page (or the finance provider's page), and the dealer has exactly one lead for the
 * visitor, Complete, with one outbox row to deliver: the new rules leave every sample form
 * completable, and what was refused on the way never reaches the dealer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { builtSlugs, e2eEnv, localOrigin } from './setup/support.ts';
import { completeForm, formPagesOf, leadsOf, newVisitor, outboxOf, type Visitor } from './setup/form-driver.ts';
import {
  addDays,
  bookingHours,
  departmentFor,
  mergeHours,
  nowIn,
  timeZoneFor,
  weekdayOf,
  WEEK,
  type BookingHours,
} from '../../src/domain/booking-hours.ts';
import type { Location } from '../../src/content/entities.ts';

const env = e2eEnv();

interface Dealer {
  site: { country: 'AU' | 'NZ'; state?: string };
  locations: Location[];
}

function dealerOf(slug: string): Dealer {
  const read = (file: string) => JSON.parse(readFileSync(path.join(env!.dealersDir, slug, file), 'utf8'));
  const locations = (read('locations.json') as Location[]).map((l) => ({ ...l, hours: l.hours ?? [] }));
  return { site: read('site.json'), locations };
}

const MESSAGES = {
  phone: '*Please enter a valid phone number',
  mobile: (country: 'AU' | 'NZ') =>
    `*Please enter a mobile number, e.g. ${country === 'NZ' ? '021 123 4567' : '0412 345 678'}`,
  email: '*Please enter a valid email address',
  underage: '*You must be 18 or older to apply for finance',
};

/** The message element of a control (shell.tsx: `${id}-error`). */
async function errorOf(form: Locator, control: Locator): Promise<Locator> {
  const id = await control.getAttribute('id');
  return form.locator(`[id="${id}-error"]`);
}

async function labelOf(form: Locator, control: Locator): Promise<string> {
  const id = await control.getAttribute('id');
  return (await form.locator(`label[for="${id}"]`).first().textContent()) ?? '';
}

/** Types `wrong`, leaves the field, expects `message`; then types `right` and expects it gone. */
async function refusedThenAccepted(
  form: Locator,
  control: Locator,
  wrong: string,
  message: string,
  right: string,
): Promise<void> {
  await control.fill(wrong);
  await control.blur();
  const error = await errorOf(form, control);
  await expect(error).toHaveText(message);
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await control.fill(right);
  await control.blur();
  await expect(error).toHaveCount(0);
}

/**
 * The hours a booking keeps to (as the build gives the date field): the chosen location's; with no
 * location field (a content form without one), the only location with hours, or any of them.
 */
function chosenHours(dealer: Dealer, seen: Record<string, string>, bookingType: string): BookingHours | undefined {
  const department = departmentFor(bookingType);
  const hoursOf = (l: Location) => bookingHours(l, department, dealer.site);
  if (seen.location_id) {
    const location = dealer.locations.find((l) => String(l.id) === seen.location_id);
    return location && hoursOf(location);
  }
  if (seen.dealership_slug) {
    const location = dealer.locations.find(
      (l) => l.dealership?.slug === seen.dealership_slug && l.location_type.toLowerCase() === department,
    );
    return location && hoursOf(location);
  }
  const all = dealer.locations.map(hoursOf).filter((h): h is BookingHours => h !== undefined);
  return all.length > 1 ? mergeHours(all) : all[0];
}

if (env) {
  for (const slug of builtSlugs(env.sitesDir)) {
    const origin = localOrigin(slug, env.port);
    const dealer = dealerOf(slug);
    const country = dealer.site.country;
    for (const form of formPagesOf(env.sitesDir, slug)) {
      // The simple service booking may leave for another dealer's site on its make step
      // (forms-flows.spec.ts); its later steps are the full service booking's, walked on its page.
      if (form.formType === 'simpleServiceBooking') continue;
      test(`${slug} ${form.path}: the ${form.formType || 'content'} form refuses bad data with the schema's messages, then takes good data and the dealer gets one complete lead`, async ({
        page,
      }) => {
        const visitor: Visitor = newVisitor(`${slug}${form.path}-validation`, country);
        /** Every value the form has held so far, by name (hidden ones included): the chosen location. */
        const seen: Record<string, string> = {};
        const probed = new Set<string>();
        await page.goto(origin + form.path);

        await completeForm(page, visitor, undefined, async (body, heading) => {
          Object.assign(
            seen,
            Object.fromEntries(
              await body
                .locator('input[name], select[name]')
                .evaluateAll((els) =>
                  els
                    .map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value] as const)
                    .filter(([, v]) => v),
                ),
            ),
          );

          for (const phone of await body.locator('.form-grid input[type="tel"]').all()) {
            if (!(await phone.isVisible())) continue;
            const mobile = /mobile/i.test(await labelOf(body, phone));
            // A landline where a mobile is asked for; elsewhere a number too short to be one.
            const wrong = mobile ? (country === 'NZ' ? '09 300 1234' : '(02) 4323 1100') : '0412 345';
            await refusedThenAccepted(
              body,
              phone,
              wrong,
              mobile ? MESSAGES.mobile(country) : MESSAGES.phone,
              visitor.phone,
            );
            probed.add('phone');
          }
          for (const email of await body.locator('.form-grid input[type="email"]').all()) {
            if (!(await email.isVisible())) continue;
            await refusedThenAccepted(body, email, 'alex@localhost', MESSAGES.email, visitor.email);
            probed.add('email');
          }
          const dob = body.locator('input[name="dateOfBirth"]');
          if (await dob.count()) {
            const eleven = `${Number(nowIn(timeZoneFor(dealer.site)).day.slice(0, 4)) - 11}-03-02`;
            await refusedThenAccepted(body, dob, eleven, MESSAGES.underage, '1986-05-14');
            probed.add('dateOfBirth');
          }

          // A booking: the day list (once a location is chosen, as the driver chooses the first).
          for (const location of await body
            .locator('.form-grid select[name="location_id"], .form-grid select[name="dealership_slug"]')
            .all()) {
            if (!(await location.inputValue())) {
              const first = await location
                .locator('option')
                .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).find(Boolean));
              if (first) await location.selectOption(first);
            }
            seen[(await location.getAttribute('name'))!] = await location.inputValue();
          }
          // Every sample location has machine-readable hours, so every booking date is a day list.
          const dates = await body.locator('.form-datetime .field-label').allTextContents();
          if (!dates.some((l) => /^Preferred .+ Date/.test(l))) return;
          probed.add('bookingDate');
          const daySelect = body.locator('.form-datetime select[name]');
          await expect(daySelect).toHaveCount(1);
          const name = (await daySelect.getAttribute('name'))!;
          const label = await labelOf(body, daySelect);
          const bookingType = /Preferred (.+) Date/.exec(label)?.[1] ?? 'Test Drive';
          const hours = chosenHours(dealer, seen, bookingType);
          expect(hours, `${heading}: a day list needs a location with machine-readable hours`).toBeTruthy();
          const today = nowIn(hours!.timeZone).day;
          const days = await daySelect
            .locator('option')
            .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
          expect(days.length).toBeGreaterThan(20);
          // No past day: nothing before the location's today can even be chosen.
          expect(
            days.filter((d) => d < today),
            `${name}: past days offered`,
          ).toEqual([]);
          // No closed day: the next day of each weekday the location is closed is not offered.
          const closed = WEEK.filter((d) => !hours!.week[d]?.length);
          for (const weekday of closed) {
            let next = today;
            while (weekdayOf(next) !== weekday) next = addDays(next, 1);
            expect(days, `${name}: ${next} (${weekday}) is a closed day`).not.toContain(next);
          }
          expect(days.filter((d) => closed.includes(weekdayOf(d)))).toEqual([]);
          // The times of a chosen day are the location's opening hours.
          await daySelect.selectOption(days[1]!);
          const span = hours!.week[weekdayOf(days[1]!)]![0]!;
          const times = await body
            .locator('.form-datetime select:not([name]) option')
            .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
          expect(times[0]).toBe(span.opens);
          expect(times.every((t) => t >= span.opens && t < hours!.week[weekdayOf(days[1]!)]!.at(-1)!.closes)).toBe(
            true,
          );
          probed.add('booking');
        });

        // Every form asks for a way to reply; booking and finance forms had their own checks.
        expect(probed.has('phone') || probed.has('email')).toBe(true);
        if (['testDrive', 'serviceBooking', 'serviceBookingFull'].includes(form.formType))
          expect(probed).toContain('bookingDate');
        if (probed.has('bookingDate')) expect(probed).toContain('booking');
        if (form.formType === 'finance') expect(probed).toContain('dateOfBirth');
        await expect(page).not.toHaveURL(origin + form.path);
        // Forms of a form type reach their thank-you page and the dealer, once.
        if (!form.formType) return;
        if (form.formType === 'finance') {
          // The provider's quote page (the local stand-in) takes over.
          await expect(page).toHaveURL(/\/quote\//);
        } else {
          await expect(page).toHaveURL(new RegExp(`^${origin}/[^?]*\\?category=`));
          await expect(page.locator('h1')).toHaveText(/Thank|Thanks|Message sent|You're in the draw/);
        }
        await expect.poll(async () => (await leadsOf(slug, visitor)).length).toBe(1);
        const [lead] = await leadsOf(slug, visitor);
        expect(lead).toMatchObject({ lead_status: 'Complete', form_completed: true, spam: false });
        expect(lead!.PageTitle).toBeTruthy();
        expect(await outboxOf(lead!.lead_id)).toHaveLength(1);
      });
    }
  }
}
