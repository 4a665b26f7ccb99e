/**
 * The fault run's two ends outside the database: the API as its own Node process (started,
 * watched, stopped, with the environment it runs under) and the requests sent to it, each on a
 * fresh connection with a time limit (scripts/faults/fault-run.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { projectRoot } from '../bench/bench-run.ts';
import { SITE } from '../bench/bench-leads-client.ts';

export interface Answer {
  status: number;
  retryAfter: boolean;
  body: string;
  error?: string;
}

/** One request on a fresh connection, bounded by `timeoutMs`; never rejects. */
export function send(
  port: number,
  method: 'GET' | 'POST',
  urlPath: string,
  body: string | undefined,
  timeoutMs: number,
): Promise<Answer> {
  const host = `${SITE}.localhost:${port}`;
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: false,
        headers: {
          Host: host,
          Origin: `http://${host}`,
          Accept: 'application/json',
          ...(body === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          finish({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] !== undefined,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (e: NodeJS.ErrnoException) =>
          finish({ status: 0, retryAfter: false, body: '', error: e.code ?? e.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ status: 0, retryAfter: false, body: '', error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) =>
      finish({ status: 0, retryAfter: false, body: '', error: e.code ?? e.message }),
    );
    req.end(body);
  });
}

export function isErrorShape(body: string, status: number): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { status?: unknown; message?: unknown } };
    return (
      parsed.error?.status === status && typeof parsed.error.message === 'string' && parsed.error.message.length > 0
    );
  } catch {
    return false;
  }
}

/** Starts the API's process and resolves with its port once it listens. */
export async function startApi(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  output: string[],
  timeoutMs: number,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/api/server.ts', '--port', '0', '--dealers', 'tests/fixtures/dealers', '--data', dataDir],
    {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 2_000) output.splice(0, output.length - 2_000);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the API did not start within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      const m = /API for \d+ dealers?(?: \([^)]*\))? on http:\/\/localhost:(\d+)\//.exec(chunk.toString('utf8'));
      if (m) {
        cleanup();
        resolve(Number(m[1]));
      }
    };
    const onExit = (code: number | null, signal: string | null) =>
      fail(new Error(`the API exited (code ${code}, signal ${signal}) before it listened`));
    const fail = (e: Error) => {
      cleanup();
      child.kill('SIGKILL');
      reject(new Error(`${e.message}:\n${output.slice(-30).join('\n')}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
    child.once('error', (e) => fail(e));
  });
  return { child, port };
}

/**
 * A watcher that kills the API's process and removes its data folder if this process is killed
 * outright (no 'exit' handler runs then); it checks the process is still the API's before it
 * kills it. Returns its pid.
 */
export function watchOrphan(pid: number, dataDir: string): number | undefined {
  const script = `while kill -0 "$1" 2>/dev/null; do sleep 1; done
grep -q "src/api/server.ts" "/proc/$2/cmdline" 2>/dev/null && kill -KILL "$2"
rm -rf "$3"`;
  const watcher = spawn('sh', ['-c', script, 'fault-run-watcher', String(process.pid), String(pid), dataDir], {
    detached: true,
    stdio: 'ignore',
  });
  watcher.unref();
  return watcher.pid;
}

export async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** The API's environment: the cluster, short timeouts, limits out of the way, files as the lead destination. */
export function apiEnv(url: string, statementTimeoutMs: number, connectTimeoutMs: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // Settings of this machine that would send leads elsewhere, or serve other dealers or data.
    if (/^(LEAD_|API_CONTENT$|DATA_DIR$|DEALERS_DIR$|PORT$|DATABASE_|RATE_LIMIT_|LEAD_RETENTION)/.test(name)) continue;
    env[name] = value;
  }
  return {
    ...env,
    DATABASE_URL: url,
    DATABASE_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
    DATABASE_CONNECT_TIMEOUT_MS: String(connectTimeoutMs),
    RATE_LIMIT_LEADS_PER_IP: '1000000',
    RATE_LIMIT_LEADS_PER_SITE: '1000000',
    RATE_LIMIT_FINANCE_PER_IP: '1000000',
    RATE_LIMIT_SEARCH_PER_IP: '1000000',
  };
}
