/**
 * The load client of the lead-save bench (scripts/bench/bench-leads.ts), run in its own worker
 * thread so the API's thread serves requests without also generating them, as a visitor's
 * browser is not the API's process. Only Node modules: Node loads this file with its own type
 * stripping when the caller was not started through tsx.
 *
 * Each form session is the fixture dealer's two-step "Find me a car" form: a partial save after
 * the first step, then the final save with the lead_id it returned; every tenth session repeats
 * its final save, as a browser retrying a lost answer does.
 */
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export const SITE = 'mini-motors';
const FORM = { pageId: '3', blockId: 'car-finder' };
const MAKES = ['Toyota', 'Kia', 'Mazda', 'Ford', 'Hyundai', 'Subaru'];

export interface Session {
  n: number;
  key: string;
  retry: boolean;
  leadId?: string;
  complete?: boolean;
}

/** Sessions adding up to at least `saves` saves. */
export function plan(saves: number, prefix: string, first: number): Session[] {
  const out: Session[] = [];
  for (let total = 0, n = first; total < saves; n++) {
    const retry = n % 10 === 9;
    out.push({ n, key: `${prefix}-${n}`, retry });
    total += retry ? 3 : 2;
  }
  return out;
}

export function saveBody(s: Session, last: boolean): string {
  const about = {
    first_name: `Visitor ${s.n}`,
    email: `visitor${s.n}@example.com`,
    phone: `0412 ${String(s.n % 1000).padStart(3, '0')} 000`,
  };
  const values = last
    ? { ...about, Make: MAKES[s.n % MAKES.length]!, message: s.n % 3 ? '' : 'Blue if you have one, please.' }
    : about;
  return JSON.stringify({
    site: SITE,
    idempotencyKey: s.key,
    ...(last ? { lead_id: s.leadId } : {}),
    isLastStep: last,
    form: { ...FORM, step: last ? 'car' : 'about' },
    values,
    tracking: { utm_source: 'bench', utm_campaign: `c${s.n % 7}` },
  });
}

export interface ClientSetup {
  port: number;
  concurrency: number;
  timeoutMs: number;
  /** No new session starts after this time (Date.now()). */
  deadline: number;
}

/** One batch of sessions to run; `record` keeps their latencies. */
export interface ClientRun {
  sessions: Session[];
  record: boolean;
}

export interface ClientResult {
  sessions: Session[];
  /** Sessions started (the deadline can stop the run early). */
  started: number;
  stoppedEarly: boolean;
  latencies: number[];
  errors: string[];
  problems: string[];
  wallSeconds: number;
}

interface Answer {
  status: number;
  body: string;
}

/**
 * One keep-alive HTTP/1.1 connection sending one request at a time, as a load tool does: the
 * request is written in one piece, the answer read by its Content-Length (the API sends one).
 * Cheap on purpose, so the machine's cores go to the API and the database, not to the client.
 */
class Connection {
  private socket: Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve(a: Answer): void; reject(e: Error): void } | undefined;

  private readonly port: number;
  private readonly timeoutMs: number;

  // No parameter properties: Node's type stripping loads this file without tsx.
  constructor(port: number, timeoutMs: number) {
    this.port = port;
    this.timeoutMs = timeoutMs;
  }

  private open(): Socket {
    const socket = connect({ host: '127.0.0.1', port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.parse();
    });
    const fail = (e: Error) => {
      if (this.socket === socket) this.socket = undefined;
      const w = this.waiting;
      this.waiting = undefined;
      w?.reject(e);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the connection closed')));
    socket.setTimeout(this.timeoutMs, () => socket.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
    return socket;
  }

  private parse() {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1]);
    if (!Number.isFinite(length)) {
      this.socket?.destroy(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.toString('utf8', end + 4, end + 4 + length);
    this.buffer = this.buffer.subarray(end + 4 + length);
    const w = this.waiting;
    this.waiting = undefined;
    w.resolve({ status, body });
  }

  post(path: string, body: string): Promise<Answer> {
    this.socket ??= this.open();
    const socket = this.socket;
    return new Promise<Answer>((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${this.port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  close() {
    this.socket?.destroy();
  }
}

export function leadClient(setup: ClientSetup) {
  const connections: Connection[] = [];
  const run = async ({ sessions, record }: ClientRun): Promise<ClientResult> => {
    const latencies: number[] = [];
    const errors: string[] = [];
    const problems: string[] = [];
    /** One save; the parsed answer when it is a 200 with a lead, else undefined (counted as an error). */
    const save = async (
      connection: Connection,
      body: string,
    ): Promise<{ lead_id: string; lead_status: string } | undefined> => {
      const started = performance.now();
      let answer: Answer;
      try {
        answer = await connection.post('/api/leads', body);
      } catch (e) {
        answer = { status: 0, body: (e as Error).message };
      }
      if (record) latencies.push(performance.now() - started);
      if (answer.status === 200) {
        const parsed = JSON.parse(answer.body) as { lead_id?: unknown; lead_status?: unknown };
        if (typeof parsed.lead_id === 'string' && typeof parsed.lead_status === 'string')
          return parsed as { lead_id: string; lead_status: string };
      }
      errors.push(`${answer.status || 'no answer'}: ${answer.body.slice(0, 200)}`);
      return undefined;
    };
    const runSession = async (connection: Connection, s: Session) => {
      const partial = await save(connection, saveBody(s, false));
      if (!partial) return;
      s.leadId = partial.lead_id;
      for (let k = 0; k < (s.retry ? 2 : 1); k++) {
        const final = await save(connection, saveBody(s, true));
        if (!final) continue;
        if (final.lead_id !== s.leadId || final.lead_status !== 'Complete') {
          problems.push(
            `session ${s.key}: final save ${k + 1} answered ${final.lead_id} ${final.lead_status}, not ${s.leadId} Complete`,
          );
        } else s.complete = true;
      }
    };
    let next = 0;
    let stoppedEarly = false;
    const worker = async (i: number) => {
      const connection = (connections[i] ??= new Connection(setup.port, setup.timeoutMs));
      while (next < sessions.length) {
        if (Date.now() > setup.deadline) {
          stoppedEarly = true;
          return;
        }
        await runSession(connection, sessions[next++]!);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: Math.min(setup.concurrency, sessions.length) }, (_, i) => worker(i)));
    return {
      sessions,
      started: next,
      stoppedEarly,
      latencies,
      errors,
      problems,
      wallSeconds: (performance.now() - started) / 1000,
    };
  };
  return { run, close: () => connections.forEach((c) => c.close()) };
}

// As a worker: set up from workerData, then one ClientRun per message, answered with its ClientResult.
const port = parentPort;
if (port && (workerData as { benchLeadsClient?: ClientSetup } | undefined)?.benchLeadsClient) {
  const client = leadClient((workerData as { benchLeadsClient: ClientSetup }).benchLeadsClient);
  port.on('message', (message: ClientRun | 'close') => {
    if (message === 'close') {
      client.close();
      port.close();
      return;
    }
    client.run(message).then(
      (result) => port.postMessage(result),
      (e: unknown) => port.postMessage({ crashed: String((e as Error).stack ?? e) }),
    );
  });
}
