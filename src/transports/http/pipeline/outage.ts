/**
 * One dependency's outage as `onError` hears of it: once when the first request is refused for
 * it, once when it is back, with the count refused meanwhile; never a stack trace per request.
 * Whether it is back is asked off the request path, on a timer that runs only during an outage.
 */
export class Outage {
  private refused = 0;
  private probe: NodeJS.Timeout | undefined;

  constructor(
    private readonly component: string,
    private readonly report: (notice: Error) => void,
    private readonly check: () => Promise<unknown>,
    private readonly every = 1_000,
  ) {}

  /** A request was refused (`503`) because the component failed with `cause`. */
  refuse(cause: unknown): void {
    this.refused += 1;
    if (this.probe !== undefined) return;
    const why = cause instanceof Error ? cause.message : String(cause);
    this.report(
      notice(
        `${this.component} is unreachable (${why}); requests that need it get 503 with Retry-After until it is back.`,
      ),
    );
    this.probe = setInterval(() => {
      this.check().then(
        () => this.end(),
        () => {},
      );
    }, this.every);
    this.probe.unref();
  }

  private end(): void {
    if (this.probe === undefined) return;
    clearInterval(this.probe);
    this.probe = undefined;
    const count = this.refused;
    this.refused = 0;
    this.report(
      notice(
        `${this.component} is reachable again; ${count} request${count === 1 ? ' was' : 's were'} refused meanwhile.`,
      ),
    );
  }

  /** Stops looking (the endpoint closes). */
  stop(): void {
    if (this.probe !== undefined) clearInterval(this.probe);
    this.probe = undefined;
  }
}

/** An error whose printout is its message alone: an outage is news, not a bug. */
function notice(message: string): Error {
  const error = new Error(message);
  error.name = 'Outage';
  error.stack = message;
  return error;
}
