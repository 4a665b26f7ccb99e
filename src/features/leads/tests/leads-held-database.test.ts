/**
 * `npm run leads -- export` and `erase` while another process has the embedded database's folder
 * open (one process at a time may): through `npm start`, which lets them in
 * (src/features/leads/server/local-admin.ts), they work; any other holder is named, with what to do. Both
 * holders are real processes on the same folder: a child that opens PGlite and keeps it, and
 * scripts/serve.ts serving a sites folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { LOCAL_ADMIN_FILE, localAdminOf, type LocalAdminFile } from '../server/local-admin.ts';
import { childEnv } from '../../../../tests/helpers/build-child.ts';
import { leadSave } from '../../../../tests/helpers/api-bundle.ts';
import { sitesFolder } from '../../../../tests/helpers/sites-folder.ts';

const run = promisify(execFile);
let root: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'leads-held-'));
});

afterAll(async () => {
  await Promise.all(children.map(stop));
  await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

/** Ends a child with SIGTERM and waits for it to exit (it closes its database first). */
function stop(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  return exited;
}

/** Spawns a process and resolves once its output matches `ready` (rejects when it exits first or takes too long). */
function startChild(args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}, ms = 120_000) {
  const child = spawn(process.execPath, args, { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise<{ child: ChildProcess; match: RegExpExecArray }>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`not ready in ${ms} ms:\n${out}`)), ms);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${out}`));
    });
  });
}

/** npm run leads -- <args> as a user runs it; never rejects: the exit code is in `code`. */
async function leads(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/leads.ts', ...args], {
      env: childEnv({ DATABASE_URL: '', DEALERS_DIR: 'tests/fixtures/dealers' }),
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the leads commands while a process that takes no leads commands holds the folder', () => {
  it('export and erase stop, naming the process and saying what to do', async () => {
    const dataDir = path.join(root, 'held');
    const db = pathToFileURL(path.resolve('src/api/db/index.ts')).href;
    // A process that opens the folder and keeps it until it is told to stop.
    const code = `import { openDb } from ${JSON.stringify(db)};
const db = await openDb({ kind: 'pglite', dataDir: ${JSON.stringify(dataDir)} });
process.once('SIGTERM', () => void db.close().finally(() => process.exit(0)));
console.log('holding');
setInterval(() => {}, 60_000);`;
    const { child } = await startChild(['--import', 'tsx', '--input-type=module', '-e', code], /^holding$/m);
    const said =
      `The database in ${dataDir} is open in another process (pid ${child.pid}), which does not take leads commands ` +
      '(npm start and npm run dev do). Stop that process, or let it finish, and run the command again.';
    const exported = await leads(['export', '--site', 'mini-motors', '--data', dataDir]);
    expect(exported.code).toBe(1);
    expect(exported.stdout).toBe('');
    expect(exported.stderr.split('\n')[0]).toBe(`Export failed: ${said}`);
    const erased = await leads(['erase', '--site', 'mini-motors', '--email', 'sam@example.com', '--data', dataDir]);
    expect(erased.code).toBe(1);
    expect(erased.stderr.split('\n')[0]).toBe(`Erase failed: ${said}`);
    await stop(child);
  }, 120_000);
});

/** A request to the server the file names, with the headers given (node:http, so Host can be set). */
function adminCall(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/leads/export`, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end(JSON.stringify({ site: 'mini-motors' }));
  });
}

describe('the leads commands while npm start holds the folder', () => {
  let dataDir: string;
  let server: ChildProcess;
  let origin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = path.join(root, 'served');
    const sitesDir = path.join(root, 'sites');
    await sitesFolder(sitesDir);
    const started = await startChild(
      ['--import', 'tsx', 'scripts/serve.ts', '--sites', sitesDir, '--no-build', '--port', '0', '--data', dataDir],
      /^ {2}API +(http:\/\/localhost:\d+)\/api\/health[\s\S]*Press Ctrl\+C to stop\./m,
      // A finance provider address of its own, so no stand-in takes a port.
      { DATABASE_URL: '', DEALERS_DIR: '', FINANCE_PROVIDER_URL: 'http://127.0.0.1:9' },
    );
    server = started.child;
    origin = started.match[1]!;
    for (const [name, email] of [
      ['sam', 'sam@example.com'],
      ['ada', 'ada@example.com'],
    ] as const) {
      const body = leadSave(`held-${name}`);
      const res = await fetch(`${origin}/api/leads?site=mini-motors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, values: { ...body.values, email } }),
      });
      expect(res.status).toBe(200);
      ids[name] = ((await res.json()) as { lead_id: string }).lead_id;
    }
  }, 180_000);

  it('export prints the leads, through npm start, and says so on stderr', async () => {
    const { code, stdout, stderr } = await leads(['export', '--site', 'mini-motors', '--data', dataDir]);
    expect(stderr).toContain(
      `The database in ${dataDir} is open in npm start (pid ${server.pid}): exporting through it.`,
    );
    expect(code).toBe(0);
    const exported = JSON.parse(stdout) as { lead_id: string; created_at: string; values: { email: string } }[];
    expect(exported.map((l) => l.lead_id)).toEqual([ids.sam, ids.ada]);
    expect(exported.map((l) => l.values.email)).toEqual(['sam@example.com', 'ada@example.com']);
    expect(exported[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(stderr).toContain('2 leads of mini-motors.');
  }, 120_000);

  it('export writes CSV to a file through it', async () => {
    const out = path.join(root, 'out', 'leads.csv');
    const { code, stderr } = await leads([
      'export',
      '--site',
      'mini-motors',
      '--data',
      dataDir,
      '--format',
      'csv',
      '--out',
      out,
    ]);
    expect(code, stderr).toBe(0);
    const csv = await readFile(out, 'utf8');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(csv).toContain(ids.ada!);
  }, 120_000);

  it("erase deletes a person's leads through it, and the next export has them no more", async () => {
    const erased = await leads(['erase', '--site', 'mini-motors', '--email', ' SAM@example.com ', '--data', dataDir]);
    expect(erased.stderr).toContain(`is open in npm start (pid ${server.pid}): erasing through it.`);
    expect(erased.code).toBe(0);
    expect(erased.stdout).toContain(`Deleted 1 lead of mini-motors with the email SAM@example.com:\n  ${ids.sam}\n`);
    const after = await leads(['export', '--site', 'mini-motors', '--data', dataDir]);
    expect((JSON.parse(after.stdout) as { lead_id: string }[]).map((l) => l.lead_id)).toEqual([ids.ada]);
  }, 120_000);

  it('the way in is a file only its owner reads, and answers only its token, at its own address', async () => {
    const file = path.join(dataDir, LOCAL_ADMIN_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const admin = JSON.parse(await readFile(file, 'utf8')) as LocalAdminFile;
    expect(admin).toMatchObject({ pid: server.pid, server: 'npm start' });
    expect(admin.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const host = new URL(admin.url).host;
    expect(await adminCall(admin.url, { host, authorization: `Bearer ${admin.token}` })).toBe(200);
    expect(await adminCall(admin.url, { host })).toBe(401);
    expect(await adminCall(admin.url, { host, authorization: `Bearer ${admin.token.slice(1)}x` })).toBe(401);
    // A page of another site that got a name resolved to 127.0.0.1 calls it by that name.
    expect(await adminCall(admin.url, { host: 'rebound.example', authorization: `Bearer ${admin.token}` })).toBe(403);
  });

  it('when npm start stops, the file goes, and the commands open the folder themselves', async () => {
    await stop(server);
    await expect(stat(path.join(dataDir, LOCAL_ADMIN_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    const { code, stdout, stderr } = await leads(['export', '--site', 'mini-motors', '--data', dataDir]);
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain('through it');
    expect((JSON.parse(stdout) as { lead_id: string }[]).map((l) => l.lead_id)).toEqual([ids.ada]);
  }, 120_000);
});

describe('the way into a running server, from the command', () => {
  it('is used only for the process that holds the folder, and a server that does not answer is named in time', async () => {
    const dir = await mkdtemp(path.join(root, 'hang-'));
    const sockets = new Set<Socket>();
    // Takes connections and never answers.
    const hanging = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((done) => hanging.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    try {
      const file: LocalAdminFile = { pid: 4242, url, token: 't', server: 'npm start' };
      await writeFile(path.join(dir, LOCAL_ADMIN_FILE), JSON.stringify(file));
      expect(await localAdminOf(dir, 4243)).toBeUndefined();
      const admin = await localAdminOf(dir, 4242, { timeoutMs: 300 });
      const began = Date.now();
      await expect(admin!.listLeads('mini-motors', { includeSpam: false })).rejects.toThrow(
        `npm start (pid 4242) has the database open but did not answer at ${url} (no answer in 0.3 s).`,
      );
      expect(Date.now() - began).toBeLessThan(5_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((done) => hanging.close(done));
    }
  });
});
