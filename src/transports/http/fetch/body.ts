import type { BodyBudget, BodyOutcome, Deadline } from '../request';

/**
 * Reads a Web-standard body stream as UTF-8 text with the same rules as `readBody`: a declared
 * `Content-Length` over `limit` is refused before reading, the count is kept while the stream is
 * read (a body that grows past the limit is cancelled at once, never buffered whole), bytes are
 * taken from the shared `budget` as they arrive, and `deadline`/`bodyDeadline` cancel a body that
 * never ends. `signal` (the request's) ends it as `aborted`.
 */
export function readStreamBody(
  stream: ReadableStream<Uint8Array> | null,
  declaredLength: string | undefined,
  limit: number,
  deadline?: Deadline,
  bodyDeadline?: Deadline,
  budget?: BodyBudget,
  signal?: AbortSignal,
): Promise<BodyOutcome> {
  const declared = Number(declaredLength);
  if (Number.isFinite(declared) && declared > limit) {
    stream?.cancel().then(undefined, () => {});
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  if (stream === null) return Promise.resolve({ ok: true, text: '' });
  if (stream.locked) return Promise.resolve({ ok: false, reason: 'consumed' });
  if (deadline?.expired || bodyDeadline?.expired) {
    return Promise.resolve({ ok: false, reason: 'timeout' });
  }
  let reserved = Number.isFinite(declared) && declared > 0 ? declared : 0;
  if (budget !== undefined && reserved > 0 && !budget.take(reserved)) {
    return Promise.resolve({ ok: false, reason: 'busy' });
  }
  const reader = stream.getReader();
  return new Promise<BodyOutcome>((resolve) => {
    const decoder = new TextDecoder();
    let text = '';
    let size = 0;
    let settled = false;
    const finish = (outcome: BodyOutcome): void => {
      if (settled) return;
      settled = true;
      deadline?.unlisten(onTimeout);
      bodyDeadline?.unlisten(onTimeout);
      signal?.removeEventListener('abort', onAbort);
      budget?.give(reserved);
      reserved = 0;
      if (!outcome.ok) reader.cancel().then(undefined, () => {});
      resolve(outcome);
    };
    const onTimeout = (): void => finish({ ok: false, reason: 'timeout' });
    const onAbort = (): void => finish({ ok: false, reason: 'aborted' });
    deadline?.listen(onTimeout);
    bodyDeadline?.listen(onTimeout);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    const pump = (): void => {
      reader.read().then(
        ({ done, value }) => {
          if (settled) return;
          if (done) {
            text += decoder.decode();
            return finish({ ok: true, text });
          }
          size += value.byteLength;
          if (size > limit) return finish({ ok: false, reason: 'too-large' });
          if (budget !== undefined && size > reserved) {
            if (!budget.take(size - reserved)) return finish({ ok: false, reason: 'busy' });
            reserved = size;
          }
          text += decoder.decode(value, { stream: true });
          pump();
        },
        () => finish({ ok: false, reason: 'aborted' }),
      );
    };
    pump();
  });
}
