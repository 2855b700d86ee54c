/** The part of autocannon 9's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  export interface RequestOptions {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: RequestOptions, context: Record<string, unknown>) => RequestOptions;
    /** Called with each answer's status and body (autocannon then reads the body). */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  export interface Client extends EventEmitter {
    setRequests(requests: RequestOptions[]): void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: RequestOptions[];
    setupClient?: (client: Client) => void;
  }

  export interface Result {
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    start: Date;
    finish: Date;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
