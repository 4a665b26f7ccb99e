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
  }
  export interface PoolClient {
    query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<QueryResult<R> | QueryResult<R>[]>;
    release(destroy?: boolean | Error): void;
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
