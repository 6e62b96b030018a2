import type { StateAdapter } from '../../../adapter';
import { ErrorCode, Outages, SharedStateError, UnavailableError } from '../../../core';
import type { ResolvedOptions } from '../options';
import { type HttpRequest, Refusal, type Reply, refuse } from '../request';
import { RETRY_AFTER } from './post-answers';

const INTERNAL = new Refusal(500, 'Internal error', ErrorCode.INTERNAL_ERROR);

/**
 * What the endpoint does with an unexpected error: tells `onError` (the face's printer by
 * default), tells an outage of a dependency once as it starts and once as it ends, and answers
 * the request it broke (`500`, or `503` with `Retry-After` while a dependency is out).
 */
export class Failures {
  /** Outages (shared state, key server, authorization server), told to `onError` once as each starts and once as it ends. */
  readonly outages: Outages;

  constructor(
    private readonly options: Pick<ResolvedOptions<unknown>, 'onError'>,
    private readonly adapter: StateAdapter,
    private readonly print: (text: string) => void,
  ) {
    this.outages = new Outages(
      (notice) => this.report(notice),
      (component) =>
        component.startsWith('the shared state')
          ? () => adapter.records.get('mcp:outage-probe')
          : undefined,
    );
  }

  /** An unexpected error while answering: reported, and answered `500` if nothing went out yet. */
  answer(error: unknown, request: HttpRequest, reply: Reply): void {
    if (UnavailableError.is(error)) {
      const out = this.named(error);
      // An outage is reported as it starts and ends, not once per refused request.
      this.outages.refuse(out);
      // The process keeps serving what needs no such dependency, and the adapter reconnects.
      refuse(
        reply,
        new Refusal(503, out.answer, ErrorCode.TRANSPORT_ERROR, { 'Retry-After': RETRY_AFTER }),
      );
      return;
    }
    this.report(error, request);
    refuse(reply, INTERNAL);
  }

  /**
   * Tells `onError` (the face's printer by default) about an unexpected error; never throws. A
   * dependency that is out (work off the request path failed: a publish, a clean-up) is part of
   * its outage, told once as it starts and once as it ends, not a stack trace each time.
   */
  report(error: unknown, request?: HttpRequest): void {
    if (UnavailableError.is(error)) {
      this.outages.failed(this.named(error));
      return;
    }
    try {
      const onError = this.options.onError;
      if (onError !== undefined) onError(error, request?.original as never);
      else {
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        this.print(`declarative-mcp (http): ${text}`);
      }
    } catch {
      // A throwing error listener changes nothing.
    }
  }

  /** The shared state's errors name this endpoint's store when they do not say which. */
  private named(error: UnavailableError): UnavailableError {
    return SharedStateError.is(error) && error.component === 'the shared state'
      ? new SharedStateError(error.message, { cause: error, store: this.adapter.name })
      : error;
  }
}
