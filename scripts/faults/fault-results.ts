/**
 * What a fault run (fault-run.ts) records: every request and fault, the API process's exit and
 * the lead check; and the numbers it is judged by (summarize), read by the chaos test and the
 * fault bench.
 */

export type RequestKind = 'lead partial' | 'lead final' | 'lead probe' | 'health' | 'search';

export interface RequestRecord {
  kind: RequestKind;
  /** The fault (or healthy spell) when the request was sent. */
  phase: string;
  /** ms since the load started. */
  startMs: number;
  endMs: number;
  latencyMs: number;
  /** HTTP status; 0 when no answer came (see error). */
  status: number;
  retryAfter: boolean;
  /** For a 503: whether the body is `{ error: { status: 503, message } }`. */
  errorShape?: boolean;
  /** Why no answer came: a connection error code or a client timeout. */
  error?: string;
  /** The start of an answer's body when it is neither a success nor a well-formed 503. */
  body?: string;
}

export type FaultName = 'kill idle in transaction' | 'kill all connections' | 'stop' | 'freeze';

export interface FaultRecord {
  name: FaultName;
  /** ms since the load started: the fault began. */
  startedMs: number;
  /** The database was fully away (stop: the server down; freeze: every process stopped). */
  downMs?: number;
  /** The fault's end began (start or thaw called; the connections ended). */
  endedMs: number;
  /** The database answered a fresh connection again. */
  backMs: number;
  /** Backends ended (the kill faults). */
  terminated?: number;
  /** The kill faults found the API's backends by application_name (else: all others of the database). */
  byApplicationName?: boolean;
  /** kill idle in transaction: whether a backend idle in a transaction was caught in time. */
  caughtIdleInTransaction?: boolean;
  /** First successful lead save answered at or after backMs. */
  recoveredMs?: number;
  /** recoveredMs − backMs. */
  recoveryMs?: number;
  /** Statuses of health checks sent and answered while the database was fully away. */
  healthWhileDown: number[];
  /** First 200 health answer at or after backMs, ms since the load started. */
  healthyAgainMs?: number;
}

export interface ChildExit {
  code: number | null;
  signal: string | null;
  atMs: number;
  phase: string;
}

export interface LeadCheck {
  sessions: number;
  /** Final saves answered 200 with lead_status Complete. */
  acknowledgedComplete: number;
  /** `SELECT id FROM leads WHERE lead_status = 'Complete'` of the run's sessions. */
  storedComplete: number;
  /** Acknowledged complete, not stored complete. */
  missing: string[];
  /** Stored complete, of sessions whose final save was sent but never acknowledged (the answer was lost). */
  completedUnacknowledged: string[];
  /** Stored complete, not of any session of the run that sent a final save. */
  unexplained: string[];
  /** Form sessions (idempotency keys) stored as more than one lead. */
  duplicateSessions: number;
  /** Outbox rows of the stored complete leads, and the one per lead expected (one destination each). */
  outboxRows: number;
  expectedOutboxRows: number;
  /** Final saves answered 200 with another lead or status than the session's. */
  wrongAnswers: string[];
}

export interface FaultRunResult {
  date: string;
  wallSeconds: number;
  settings: {
    concurrency: number;
    statementTimeoutMs: number;
    connectTimeoutMs: number;
    slackMs: number;
    /** statement + connect timeout + slack: the longest an answer may take during a fault. */
    boundMs: number;
    stopMs: number;
    freezeMs: number;
  };
  /** "PostgreSQL 15.x, throwaway cluster on 127.0.0.1:<port>". */
  server: string;
  requests: RequestRecord[];
  faults: FaultRecord[];
  /** Set when the API's process ended during the run. */
  exited?: ChildExit;
  leads: LeadCheck;
  /** The last lines the API's process printed. */
  apiOutput: string[];
}

export interface FaultStats {
  fault: FaultName;
  /** Requests in flight between the fault's start and the database answering again. */
  requests: number;
  status503: number;
  otherServerErrors: number;
  noAnswer: number;
  maxLatencyMs: number;
  recoveryMs?: number;
}

export interface FaultSummary {
  requests: number;
  /** Requests in flight at some moment between a fault's start and the database answering again. */
  duringOutages: number;
  status503: number;
  /** 503s without Retry-After or without the `{ error: { status, message } }` body. */
  bad503: number;
  /** 5xx answers other than 503. */
  otherServerErrors: number;
  /** Requests that got no answer at all (connection refused or reset, or the client's time limit). */
  noAnswer: number;
  /** Answers other than 200 and 503, by status ("0" for no answer). */
  unexpected: Record<string, number>;
  maxLatencyMs: number;
  maxOutageLatencyMs: number;
  /** Requests during outages that took longer than settings.boundMs, or got no answer. */
  overBound: number;
  /** Health checks sent and answered while the server was stopped. */
  healthWhileStopped: { answers: number; status503: number };
  /** Health checks of the healthy spell at the end. */
  healthAtEnd: { answers: number; status200: number };
  /** Per fault: the requests of its outage, and ms from the database answering again to the first successful lead save. */
  faults: FaultStats[];
  /** The slowest recovery; undefined when a fault never recovered. */
  maxRecoveryMs?: number;
  /** Acknowledged complete leads are all stored complete, and every stored complete lead is explained. */
  leadsOk: boolean;
  crashed: boolean;
}

/** The numbers the fault run is judged by. */
export function summarize(r: FaultRunResult): FaultSummary {
  const during = (f: FaultRecord) => r.requests.filter((q) => q.startMs <= f.backMs && q.endMs >= f.startedMs);
  const outage = r.requests.filter((q) => r.faults.some((f) => q.startMs <= f.backMs && q.endMs >= f.startedMs));
  const unexpected: Record<string, number> = {};
  for (const q of r.requests)
    if (q.status !== 200 && q.status !== 503) unexpected[q.status] = (unexpected[q.status] ?? 0) + 1;
  const stop = r.faults.find((f) => f.name === 'stop');
  const end = r.requests.filter((q) => q.kind === 'health' && q.phase === 'healthy to the end');
  const faults = r.faults.map((f): FaultStats => {
    const qs = during(f);
    return {
      fault: f.name,
      requests: qs.length,
      status503: qs.filter((q) => q.status === 503).length,
      otherServerErrors: qs.filter((q) => q.status >= 500 && q.status !== 503).length,
      noAnswer: qs.filter((q) => q.status === 0).length,
      maxLatencyMs: Math.max(0, ...qs.map((q) => q.latencyMs)),
      recoveryMs: f.recoveryMs,
    };
  });
  const never = faults.some((x) => x.recoveryMs === undefined);
  return {
    requests: r.requests.length,
    duringOutages: outage.length,
    status503: r.requests.filter((q) => q.status === 503).length,
    bad503: r.requests.filter((q) => q.status === 503 && !(q.retryAfter && q.errorShape)).length,
    otherServerErrors: r.requests.filter((q) => q.status >= 500 && q.status !== 503).length,
    noAnswer: r.requests.filter((q) => q.status === 0).length,
    unexpected,
    maxLatencyMs: Math.max(0, ...r.requests.map((q) => q.latencyMs)),
    maxOutageLatencyMs: Math.max(0, ...outage.map((q) => q.latencyMs)),
    overBound: outage.filter((q) => q.status === 0 || q.latencyMs > r.settings.boundMs).length,
    healthWhileStopped: {
      answers: stop?.healthWhileDown.length ?? 0,
      status503: stop?.healthWhileDown.filter((x) => x === 503).length ?? 0,
    },
    healthAtEnd: { answers: end.length, status200: end.filter((q) => q.status === 200).length },
    faults,
    maxRecoveryMs: never || !faults.length ? undefined : Math.max(...faults.map((x) => x.recoveryMs!)),
    leadsOk:
      !r.leads.missing.length &&
      !r.leads.unexplained.length &&
      !r.leads.wrongAnswers.length &&
      !r.leads.duplicateSessions,
    crashed: r.exited !== undefined,
  };
}
