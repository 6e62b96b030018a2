/** One media range of an `Accept` header. */
interface MediaRange {
  type: string;
  subtype: string;
  /** `type/subtype`. */
  essence: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [essence = '', ...params] = part.split(';');
    const [type, subtype] = essence.trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? parsed : 1;
      }
    }
    ranges.push({ type, subtype, essence: `${type}/${subtype}`, q });
  }
  return ranges;
}

/**
 * How specifically `range` matches `mime` (`type/subtype`, lower case): 2 exactly, 1 by
 * `type/*`, 0 by the any-type range, -1 not at all.
 */
function specificity(range: MediaRange, mime: string): number {
  if (range.essence === mime) return 2;
  if (range.subtype !== '*') return -1;
  if (range.type === '*') return 0;
  const length = range.type.length;
  // `type/*`: mime begins with `type/` (compared in place, without splitting mime).
  return mime.charCodeAt(length) === 47 && mime.startsWith(range.type) ? 1 : -1;
}

/**
 * Whether an `Accept` header accepts `mime` (`type/subtype`, lower case): the most specific
 * matching range decides, and `q=0` refuses. No header accepts nothing here: MCP clients must
 * send one.
 */
export function accepts(header: string | string[] | undefined, mime: string): boolean {
  if (header === undefined) return false;
  return acceptsIn(parseAccept(Array.isArray(header) ? header.join(',') : header), mime);
}

function acceptsIn(ranges: readonly MediaRange[], mime: string): boolean {
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const specific = specificity(range, mime);
    if (specific > best) {
      best = specific;
      q = range.q;
    }
  }
  return best >= 0 && q > 0;
}

/** Whether a `Content-Type` is JSON: `application/json`, with no charset or a UTF-8 one (RFC 8259). */
export function isJsonContentType(header: string | undefined): boolean {
  return header !== undefined && checkJsonContentType(header);
}

/**
 * {@link accepts} and {@link isJsonContentType} for one endpoint, remembering the last header of
 * each kind and its answer: a client sends the same `Accept` and `Content-Type` with every
 * request, and each POST asks about `Accept` twice, so most checks parse nothing. Per endpoint,
 * not per process, so two servers in one process never share it. (Kept for bench row 3, HTTP
 * req/s and server CPU per request: parsing `Accept` twice is the largest header cost of a POST.)
 */
export class MediaChecks {
  private acceptHeader: string | undefined;
  private acceptRanges: readonly MediaRange[] = [];
  private contentType: string | undefined;
  private contentTypeIsJson = false;

  /** Whether the last `Accept` header allows both answers of a POST (undefined: not asked yet). */
  private postAnswers: boolean | undefined;

  /** {@link accepts}, with the last `Accept` header's ranges kept. */
  accepts(header: string | string[] | undefined, mime: string): boolean {
    if (header === undefined) return false;
    this.remember(Array.isArray(header) ? header.join(',') : header);
    return acceptsIn(this.acceptRanges, mime);
  }

  /**
   * Whether `Accept` allows both answers a POST may get, `application/json` and
   * `text/event-stream` (MCP basic/transports): {@link accepts} of each, with the answer kept
   * for the last header (one comparison per POST instead of two, ~400 instructions; callgrind).
   */
  acceptsPostAnswers(header: string | string[] | undefined): boolean {
    if (header === undefined) return false;
    this.remember(Array.isArray(header) ? header.join(',') : header);
    if (this.postAnswers === undefined) {
      const ranges = this.acceptRanges;
      this.postAnswers =
        acceptsIn(ranges, 'application/json') && acceptsIn(ranges, 'text/event-stream');
    }
    return this.postAnswers;
  }

  private remember(text: string): void {
    if (text === this.acceptHeader) return;
    this.acceptRanges = parseAccept(text);
    this.acceptHeader = text;
    this.postAnswers = undefined;
  }

  /** {@link isJsonContentType}, with the last answer kept. */
  isJson(header: string | undefined): boolean {
    if (header === undefined) return false;
    if (header !== this.contentType) {
      this.contentTypeIsJson = checkJsonContentType(header);
      this.contentType = header;
    }
    return this.contentTypeIsJson;
  }
}

function checkJsonContentType(header: string): boolean {
  const [essence = '', ...params] = header.split(';');
  if (essence.trim().toLowerCase() !== 'application/json') return false;
  for (const param of params) {
    const [name, value = ''] = param.split('=');
    if (name?.trim().toLowerCase() !== 'charset') continue;
    const charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return false;
  }
  return true;
}
