/** The part of node-postgres the API uses (the package ships no types of its own). */
declare module 'pg' {
  export interface QueryResult<R = Record<string, unknown>> {
    rows: R[];
    rowCount: number | null;
  }
  export interface PoolConfig {
    connectionString?: string;
    max?: number;
    /** Startup options, e.g. "-c search_path=x". */
    options?: string;
    idleTimeoutMillis?: number;
    connectionTimeoutMillis?: number;
    application_name?: string;
    /** Server-side limit of every statement, ms. */
    statement_timeout?: number;
    /** Client-side limit of waiting for a statement's answer, ms. */
    query_timeout?: number;
    idle_in_transaction_session_timeout?: number;
    keepAlive?: boolean;
  }
  export interface QueryConfig {
    text: string;
    values?: unknown[];
    query_timeout?: number;
  }
  export interface PoolClient {
    query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<QueryResult<R> | QueryResult<R>[]>;
    query<R = Record<string, unknown>>(config: QueryConfig): Promise<QueryResult<R> | QueryResult<R>[]>;
    release(destroy?: boolean | Error): void;
    on(event: 'error', listener: (error: Error) => void): this;
    removeListener(event: 'error', listener: (error: Error) => void): this;
  }
  export class Pool {
    constructor(config?: PoolConfig);
    query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<QueryResult<R> | QueryResult<R>[]>;
    connect(): Promise<PoolClient>;
    end(): Promise<void>;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  const pg: { Pool: typeof Pool };
  export default pg;
}
