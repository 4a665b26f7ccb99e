/** The editor preview's live content (src/engine/dev/dev-content.ts), on a temporary copy of the fixture dealers. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LiveContent, type ReloadReport } from '../../../src/engine/dev/dev-content.ts';

let work: string;
let content: LiveContent;
let reports: ReloadReport[];

async function edit(rel: string, change: (text: string) => string) {
  const file = path.join(work, rel);
  await writeFile(file, change(await readFile(file, 'utf8')));
}

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'dev-content-'));
  await cp(path.resolve(import.meta.dirname, '../../fixtures/dealers'), work, { recursive: true });
  content = new LiveContent(work);
  await content.loadAll();
  reports = [];
  content.onReload((r) => void reports.push(r));
});

afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('LiveContent', () => {
  it('loads each dealer on its own, with its route paths', () => {
    expect(content.all().map((d) => d.slug)).toEqual(['group-motors', 'mini-motors']);
    expect(content.get('mini-motors')?.paths).toContain('/cars/2021-toyota-corolla-1');
    expect(content.valid()).toHaveLength(2);
  });

  it('reloads a dealer on request only when one of its files changed, naming the files', async () => {
    expect(await content.current('mini-motors')).toBe(content.get('mini-motors'));
    expect(reports).toEqual([]);
    await edit('mini-motors/pages/contact.json', (t) => t.replace('"Contact us"', '"Talk to us"'));
    const state = await content.current('mini-motors');
    expect(state?.content?.pages.find((p) => p.path === '/contact')?.title).toBe('Talk to us');
    expect(reports.map((r) => [r.slug, r.outcome, r.files])).toEqual([
      ['mini-motors', 'loaded', ['pages/contact.json']],
    ]);
  });

  it('keeps a dealer with an error in a shared file out of the pages, but its last good content for the API', async () => {
    await edit('mini-motors/site.json', (t) => t.replace('"Mini Motors"', '5'));
    const state = await content.current('mini-motors');
    expect(state?.content).toBeUndefined();
    expect(state?.brokenPages).toEqual([]);
    expect(state?.issues.map((i) => `${i.file} ${i.path}`)).toEqual(['site.json name']);
    expect(content.valid().map((d) => d.slug)).toEqual(['group-motors']);
    expect(content.forApi().map((d) => d.slug)).toEqual(['group-motors', 'mini-motors']);
  });

  it('shows a dealer with an error in one page file without that page, which keeps its errors and path', async () => {
    await edit('mini-motors/pages/contact.json', (t) => t.replace('"Contact us"', '5'));
    const state = await content.current('mini-motors');
    expect(state?.content?.pages.map((p) => p.path).sort()).toEqual(['/', '/enquire']);
    expect(state?.paths.has('/contact')).toBe(false);
    expect(state?.brokenPages).toEqual([{ file: 'pages/contact.json', path: '/contact', issues: state!.issues }]);
    expect(state?.issues.map((i) => `${i.file} ${i.path}: ${i.message}`)).toEqual([
      'pages/contact.json title: expected a text, found the number 5',
    ]);
    expect(reports.map((r) => r.outcome)).toEqual(['partial']);
    expect(content.valid().map((d) => d.slug)).toEqual(['group-motors', 'mini-motors']);
    // The API keeps the last good version of the broken page (a form open on it can still be sent).
    const api = content.forApi().find((d) => d.slug === 'mini-motors')!;
    expect(api.pages.find((p) => p.path === '/contact')?.title).toBe('Contact us');
  });

  it('knows no path for a page file that is not JSON, and blocks the dealer when a shared file breaks too', async () => {
    await writeFile(path.join(work, 'mini-motors/pages/contact.json'), '{ "path": "/contact", ');
    const state = await content.current('mini-motors');
    expect(state?.content).toBeDefined();
    expect(state?.brokenPages.map((b) => [b.file, b.path])).toEqual([['pages/contact.json', undefined]]);
    await edit('mini-motors/site.json', (t) => t.replace('"Mini Motors"', '5'));
    const blocked = await content.current('mini-motors');
    expect(blocked?.content).toBeUndefined();
    expect(blocked?.brokenPages).toEqual([]);
    expect(blocked?.issues.map((i) => i.file).sort()).toEqual(['pages/contact.json', 'site.json']);
  });

  it('checks website ids across dealers, as a build does', async () => {
    const groupId = content.get('group-motors')!.content!.site.id;
    await edit('mini-motors/site.json', (t) => t.replace(/"id": \d+/, `"id": ${groupId}`));
    const state = await content.current('mini-motors');
    expect(state?.issues[0]?.message).toMatch(/also used by dealer "group-motors"/);
  });

  it('drops a dealer whose folder is gone, and knows no dealer it does not follow', async () => {
    const only = new LiveContent(work, ['mini-motors']);
    await only.loadAll();
    expect(only.all().map((d) => d.slug)).toEqual(['mini-motors']);
    expect(await only.current('group-motors')).toBeUndefined();
    expect(await content.current('no-such-dealer')).toBeUndefined();
    await rm(path.join(work, 'group-motors'), { recursive: true });
    expect(await content.current('group-motors')).toBeUndefined();
    expect(reports.map((r) => [r.slug, r.outcome])).toEqual([['group-motors', 'removed']]);
  });

  it('reloads once after a burst of watcher events, and a request waits for it', async () => {
    await edit('mini-motors/pages/contact.json', (t) => t.replace('"Contact us"', '"Talk to us"'));
    content.changed('mini-motors/pages/contact.json');
    content.changed('mini-motors/pages/contact.json.swp');
    content.changed('mini-motors/pages/contact.json');
    const state = await content.current('mini-motors');
    expect(state?.content?.pages.find((p) => p.path === '/contact')?.title).toBe('Talk to us');
    expect(reports).toHaveLength(1);
  });
});
