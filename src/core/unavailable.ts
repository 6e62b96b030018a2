/**
 * The errors of a dependency that cannot be reached (an outage, not a bug): what the dispatcher
 * answers "try again" for, and what `outage.ts` tells the reporter about as it starts and ends.
 */
import { brand, branded } from './errors';

const UNAVAILABLE_ERROR = Symbol.for('declarative-mcp.UnavailableError');
const SHARED_STATE_ERROR = Symbol.for('declarative-mcp.SharedStateError');

/**
 * A dependency the request needs cannot be reached, or did not answer in time: an outage, not
 * a bug. The client is told to try again (`ErrorCode.TRANSPORT_ERROR`; HTTP `503` with
 * `Retry-After`) with a message that names the `component`, never its address or the cause;
 * `onError` hears of the outage once as it starts and once as it ends, without a stack trace.
 *
 * @example
 * throw new UnavailableError('the billing service', `GET ${url}: ${error.message}`, { cause: error });
 */
export class UnavailableError extends Error {
  /** True when `value` is an UnavailableError (a SharedStateError too) from any installed copy of this package. */
  static is(value: unknown): value is UnavailableError {
    return branded(value, UNAVAILABLE_ERROR);
  }

  /** What is out, as the client reads it: `the shared state (redis)`, `the key server (JWKS)`. */
  readonly component: string;
  /**
   * Asks the dependency whether it is back (resolves when it is). Called off the request path,
   * on a timer that runs only during the outage; without it, the outage is taken as over once
   * nothing has been refused for it for a while.
   */
  readonly probe: (() => Promise<unknown>) | undefined;

  constructor(
    component: string,
    message: string,
    options?: { cause?: unknown; probe?: () => Promise<unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'UnavailableError';
    this.component = component;
    this.probe = options?.probe;
    brand(this, UNAVAILABLE_ERROR);
  }

  /** The error message a client gets: the component, and that it should try again. */
  get answer(): string {
    return `Service Unavailable: ${this.component} cannot be reached; try again shortly`;
  }
}

/**
 * The shared-state store (Redis, through `declarative-mcp/redis`) could not be reached or did not
 * answer in time. At start-up it stops the server; while serving, the request that needed the
 * store is answered HTTP `503` with a JSON-RPC error (over stdio: `ErrorCode.TRANSPORT_ERROR`),
 * and the adapter keeps reconnecting. An {@link UnavailableError} whose component is
 * `the shared state (<store>)`.
 */
export class SharedStateError extends UnavailableError {
  /** True when `value` is a SharedStateError from any installed copy of this package. */
  static override is(value: unknown): value is SharedStateError {
    return branded(value, SHARED_STATE_ERROR);
  }

  constructor(
    message: string,
    options?: { cause?: unknown; store?: string; probe?: () => Promise<unknown> },
  ) {
    super(
      options?.store === undefined ? 'the shared state' : `the shared state (${options.store})`,
      message,
      options,
    );
    this.name = 'SharedStateError';
    brand(this, SHARED_STATE_ERROR);
  }
}
