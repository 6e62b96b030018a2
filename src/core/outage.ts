import { unref } from './timers';
import type { JsonRpcRequest } from './types';
import type { UnavailableError } from './unavailable';

/** The request an outage's notices are reported with: they are about no request of their own. */
export const OUTAGE: JsonRpcRequest = Object.freeze({
  jsonrpc: '2.0',
  method: '',
}) as JsonRpcRequest;

/** How often a dependency that is out is asked whether it is back (ms). */
const PROBE_EVERY = 1_000;
/** Without a way to ask, an outage is over after this long without a refusal (ms). */
const QUIET_FOR = 5_000;

interface Current {
  refused: number;
  lastRefused: number;
  timer: NodeJS.Timeout;
}

/**
 * The outages of the dependencies a server needs, as a reporter hears of them: once when the
 * first request is refused for one, once when it is back, with the count refused meanwhile;
 * never a stack trace per request. Whether it is back is asked off the request path, on a timer
 * that runs only during an outage: the error's own `probe`, else the `check` given for its
 * component, else it is taken as over after a quiet spell with no refusal.
 */
export class Outages {
  private readonly current = new Map<string, Current>();

  constructor(
    private readonly report: (notice: Error) => void,
    private readonly check?: (component: string) => (() => Promise<unknown>) | undefined,
    private readonly every = PROBE_EVERY,
  ) {}

  /** A request was refused because `error`'s component is out. */
  refuse(error: UnavailableError): void {
    this.seen(error, 1);
  }

  /**
   * Work off the request path (a publish to other processes, a clean-up) failed because
   * `error`'s component is out: part of the outage, told with it, but no request was refused.
   */
  failed(error: UnavailableError): void {
    this.seen(error, 0);
  }

  private seen(error: UnavailableError, refused: number): void {
    const component = error.component;
    const known = this.current.get(component);
    if (known !== undefined) {
      known.refused += refused;
      known.lastRefused = Date.now();
      return;
    }
    this.report(
      notice(
        `${capitalized(component)} is unreachable (${error.message}); requests that need it are refused with "try again" (HTTP 503 with Retry-After) until it is back.`,
      ),
    );
    const probe = error.probe ?? this.check?.(component);
    const timer = setInterval(() => {
      if (probe === undefined) {
        if (Date.now() - state.lastRefused >= QUIET_FOR) this.end(component);
        return;
      }
      probe().then(
        () => this.end(component),
        () => {},
      );
    }, this.every);
    unref(timer);
    const state: Current = { refused, lastRefused: Date.now(), timer };
    this.current.set(component, state);
  }

  private end(component: string): void {
    const state = this.current.get(component);
    if (state === undefined) return;
    clearInterval(state.timer);
    this.current.delete(component);
    const count = state.refused;
    this.report(
      notice(
        `${capitalized(component)} is reachable again; ${count} request${count === 1 ? ' was' : 's were'} refused meanwhile.`,
      ),
    );
  }

  /** Stops looking (the server closes). */
  stop(): void {
    for (const state of this.current.values()) clearInterval(state.timer);
    this.current.clear();
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An error whose printout is its message alone (`stack` is the message): news for the operator,
 * such as an outage or a dropped stream, not a bug. `name` says which kind.
 */
export function notice(message: string, name = 'Outage'): Error {
  const error = new Error(message);
  error.name = name;
  error.stack = message;
  return error;
}
