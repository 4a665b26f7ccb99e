/**
 * Fills and submits the form islands of the built sites the way a visitor would: every visible
 * control of the current step gets a plausible answer for its name and type, then Next or Submit
 * is pressed, until the browser leaves the page. Also reads the leads the API stored, through the
 * test-only lead reader of api-setup.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { htmlFiles, pathOfFile } from './support.ts';

export interface Visitor {
  /** Unique per test, so the lead can be found among every other test's leads. */
  email: string;
  /** A real-format mobile of the site's country, as a visitor types it. */
  phone: string;
  /** The phone number as the dealer's lead stores it (E.164, src/forms/phone.ts). */
  storedPhone: string;
  firstName: string;
  lastName: string;
}

let counter = 0;

export function newVisitor(tag: string, country: 'AU' | 'NZ' = 'AU'): Visitor {
  counter += 1;
  // At most 64 characters before the @ (RFC 5321), which the email rule keeps to: the tag's end.
  const id = `${tag
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase()
    .slice(-40)
    .replace(/^-/, '')}-${Date.now().toString(36)}-${counter}`;
  return {
    email: `${id}@example.com`,
    phone: country === 'NZ' ? '021 555 0143' : '0412 555 143',
    storedPhone: country === 'NZ' ? '+64215550143' : '+61412555143',
    firstName: 'Alex',
    lastName: 'Citizen',
  };
}

function isoDay(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The answer a visitor types into a text control, by its name. */
function textAnswer(name: string, type: string, visitor: Visitor): string | undefined {
  if (type === 'email' || /email/i.test(name)) return visitor.email;
  if (type === 'tel' || /phone|mobile/i.test(name)) return visitor.phone;
  if (type === 'date') return /birth/i.test(name) ? '1986-05-14' : isoDay(9);
  if (type === 'time') return '10:30';
  if (name === 'name' || /full_?name/i.test(name)) return `${visitor.firstName} ${visitor.lastName}`;
  if (/^first_?name$/i.test(name)) return visitor.firstName;
  if (/^last_?name$/i.test(name)) return visitor.lastName;
  if (/middle/i.test(name)) return undefined;
  if (/year/i.test(name)) return '2019';
  if (/rego|vin|plate/i.test(name)) return 'ABC123';
  if (/make/i.test(name)) return 'Toyota';
  if (/model/i.test(name)) return 'Corolla';
  if (/km|odometer|mile/i.test(name)) return '48000';
  if (/price|budget|amount/i.test(name)) return '32000';
  if (/licen[cs]e/i.test(name)) return '12345678';
  if (/postcode/i.test(name)) return '2250';
  if (/suburb/i.test(name)) return 'Gosford';
  if (/street|address/i.test(name)) return '12 Mann Street, Gosford NSW 2250';
  if (/state/i.test(name)) return 'NSW';
  if (/part/i.test(name)) return '90915-YZZD1';
  if (type === 'textarea' || /message|comment|condition|issue/i.test(name)) return 'Please call me after 5pm.';
  return 'Test answer';
}

/** The island form of the page (the first, or the one inside `scope`). */
export function formIn(scope: Page | Locator): Locator {
  return scope.locator('form.form-body').first();
}

/**
 * Answers every visible, empty control of the form's current step; 'moved on' when choosing an
 * option already took the form to its next step.
 */
export async function fillStep(form: Locator, visitor: Visitor): Promise<'filled' | 'moved on'> {
  const controls = form.locator('.form-grid input, .form-grid textarea, .form-grid select');
  const count = await controls.count();
  const radiosDone = new Set<string>();
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    const info = await control.evaluate((el) => {
      const input = el as HTMLInputElement;
      const label = el.id ? (document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent ?? '') : '';
      return {
        tag: el.tagName.toLowerCase(),
        type: input.type,
        name: input.name || el.id,
        value: input.value,
        checked: input.checked,
        required: input.required,
        label,
      };
    });
    if (info.tag === 'select') {
      if (info.value || (await control.isDisabled())) continue;
      const options = await control
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      // A booking day: the second open day, so no time of it can pass while the test runs.
      const pick = /^\d{4}-\d{2}-\d{2}$/.test(options[0] ?? '') ? (options[1] ?? options[0]) : options[0];
      if (pick) await control.selectOption(pick);
      continue;
    }
    if (info.type === 'radio') {
      if (radiosDone.has(info.name)) continue;
      radiosDone.add(info.name);
      const group = form.locator(`input[type="radio"][name="${info.name}"]`);
      if (await group.evaluateAll((rs) => rs.some((r) => (r as HTMLInputElement).checked))) continue;
      // Visitors pick an option by its label (a card option's radio takes no clicks itself).
      const id = await control.getAttribute('id');
      // A step without a visible Next moves on by itself once an option is chosen.
      const movesOn = (await nextShown(form)) === false;
      await form.locator(`label[for="${id}"]`).click();
      if (movesOn) return 'moved on';
      await expect(control).toBeChecked();
      continue;
    }
    if (info.type === 'checkbox') {
      // Required consents, and the opt-in so that its value reaches the lead.
      if (!info.checked && (info.required || /opt_in/.test(info.name))) await control.check();
      continue;
    }
    if (info.value) continue;
    // A control with suggestions (a make of the dealer's) takes the first suggestion.
    const suggestion = await control.evaluate(
      (el) => ((el as HTMLInputElement).list?.querySelector('option') as HTMLOptionElement | null)?.value ?? '',
    );
    if (suggestion) {
      await control.fill(suggestion);
      continue;
    }
    const captcha = /What is (\d+) \+ (\d+)\?/.exec(info.label);
    const answer = captcha
      ? String(Number(captcha[1]) + Number(captcha[2]))
      : textAnswer(info.name, info.tag === 'textarea' ? 'textarea' : info.type, visitor);
    if (answer !== undefined) await control.fill(answer);
  }
  return 'filled';
}

/**
 * Whether the step shows its Next or Submit button (a hidden one is kept for the keyboard only);
 * undefined when the form is gone (the page is leaving). Never waits.
 */
async function nextShown(form: Locator): Promise<boolean | undefined> {
  const shown = await form
    .locator('.form-actions button[type="submit"]')
    .evaluateAll((bs) => bs.map((b) => !b.classList.contains('visually-hidden-focusable')));
  return shown[0];
}

/** The heading of the current step (multi-step) or '' (single step). */
async function stepHeading(form: Locator): Promise<string> {
  // allTextContents does not wait, so a page that is navigating away cannot hold it up.
  return (await form.locator('.form-step-heading').allTextContents())[0] ?? '';
}

/**
 * Fills and advances every step until the browser leaves `startUrl`; returns the steps seen.
 * `onStep` runs after each step is left (e.g. to look at the partial lead); `beforeFill` on each
 * step before the visitor's answers go in (e.g. to try wrong answers first).
 */
export async function completeForm(
  page: Page,
  visitor: Visitor,
  onStep?: (heading: string) => Promise<void>,
  beforeFill?: (form: Locator, heading: string) => Promise<void>,
): Promise<string[]> {
  const startUrl = page.url();
  const seen: string[] = [];
  const form = formIn(page);
  await expect(form).toBeVisible();
  // The island hydrates when it scrolls into view, as it does for a visitor.
  await form.scrollIntoViewIfNeeded();
  // The island has taken over the server-rendered form (Submit is disabled until then).
  await expect(form).toHaveAttribute('data-ready', 'true');
  for (let guard = 0; guard < 16; guard++) {
    // The last submit may still be taking the browser to the thank-you page.
    if (page.url() !== startUrl || !(await form.count())) break;
    const heading = await stepHeading(form);
    seen.push(heading);
    const submit = form.locator('.form-actions button[type="submit"]');
    await beforeFill?.(form, heading);
    if ((await fillStep(form, visitor)) === 'filled') {
      const shown = await nextShown(form);
      if (shown === undefined) break;
      if (shown) await submit.click();
      else await submit.focus().then(() => submit.press('Enter'));
    }
    // The step changes, the page changes, or the form says what is wrong.
    await expect
      .poll(
        async () =>
          page.url() !== startUrl ||
          (await stepHeading(form).catch(() => '')) !== heading ||
          (await form.locator('.form-alert, .form-error').count()) > 0,
        { timeout: 15_000 },
      )
      .toBe(true);
    if (page.url() === startUrl) {
      const problems = await form
        .locator('.form-alert, .form-error')
        .allTextContents()
        .catch(() => [] as string[]);
      if (problems.length && (await stepHeading(form)) === heading) {
        throw new Error(`Step "${heading}" did not advance: ${problems.join(' | ')}`);
      }
      await onStep?.(heading);
    }
  }
  await page.waitForURL((u) => u.href !== startUrl, { timeout: 15_000 });
  return seen;
}

export type LeadRecord = Record<string, unknown> & { lead_id: string; lead_status: string; form_completed: boolean };

/** Every lead stored for a site, spam included, oldest first. */
export async function storedLeads(slug: string): Promise<LeadRecord[]> {
  const reader = process.env.E2E_LEADS_URL;
  if (!reader) throw new Error('E2E_LEADS_URL is not set: the global setup did not start the API.');
  const res = await fetch(`${reader}/leads?site=${encodeURIComponent(slug)}`);
  if (!res.ok) throw new Error(`The lead reader answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as LeadRecord[];
}

/** The leads of one visitor (by the unique email). */
export async function leadsOf(slug: string, visitor: Visitor): Promise<LeadRecord[]> {
  return (await storedLeads(slug)).filter((l) => l.email === visitor.email);
}

export async function outboxOf(leadId: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${process.env.E2E_LEADS_URL}/outbox?lead=${encodeURIComponent(leadId)}`);
  return (await res.json()) as Record<string, unknown>[];
}

export interface FormPage {
  path: string;
  formType: string;
}

/**
 * Pages of a built site that hold a form island, with the island's form type ('' for a content
 * form): one stock car page and one data-built model page stand for all of theirs.
 */
export function formPagesOf(sitesDir: string, slug: string): FormPage[] {
  const dir = path.join(sitesDir, slug);
  const found: FormPage[] = [];
  let carPage = false;
  let modelPage = false;
  let teamPage = false;
  for (const rel of htmlFiles(dir)) {
    if (rel === '404.html') continue;
    const html = readFileSync(path.join(dir, rel), 'utf8');
    if (!html.includes('class="form-body"')) continue;
    const m = /&quot;formType&quot;:\[0,&quot;([A-Za-z]+)&quot;\]/.exec(html);
    const page = pathOfFile(rel);
    if (page.startsWith('/cars/')) {
      if (carPage) continue;
      carPage = true;
    } else if (html.includes('&quot;id&quot;:[0,&quot;model-')) {
      if (modelPage) continue;
      modelPage = true;
    } else if (page.startsWith('/team/')) {
      // Every profile page has the same enquiry: one per dealer is enough.
      if (teamPage) continue;
      teamPage = true;
    }
    found.push({ path: page, formType: m?.[1] ?? '' });
  }
  return found;
}
