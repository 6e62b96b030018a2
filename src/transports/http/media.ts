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
 * The last `Accept` header parsed, and its ranges (never modified): a client sends the same
 * header with every request, and each POST asks about it twice, so most look-ups parse nothing.
 */
let lastHeader: string | undefined;
let lastRanges: MediaRange[] = [];

function rangesOf(header: string): MediaRange[] {
  if (header !== lastHeader) {
    lastRanges = parseAccept(header);
    lastHeader = header;
  }
  return lastRanges;
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
  let best = -1;
  let q = 0;
  for (const range of rangesOf(Array.isArray(header) ? header.join(',') : header)) {
    const specific = specificity(range, mime);
    if (specific > best) {
      best = specific;
      q = range.q;
    }
  }
  return best >= 0 && q > 0;
}

/** The last `Content-Type` checked and the answer (clients send the same one every time). */
let lastContentType: string | undefined;
let lastIsJson = false;

/** Whether a `Content-Type` is JSON: `application/json`, with no charset or a UTF-8 one (RFC 8259). */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  if (header !== lastContentType) {
    lastIsJson = checkJsonContentType(header);
    lastContentType = header;
  }
  return lastIsJson;
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
