/** One media range of an `Accept` header. */
interface MediaRange {
  type: string;
  subtype: string;
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
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/**
 * Whether an `Accept` header accepts `mime` (`type/subtype`): the most specific matching range
 * decides, and `q=0` refuses. No header accepts nothing here: MCP clients must send one.
 */
export function accepts(header: string | string[] | undefined, mime: string): boolean {
  if (header === undefined) return false;
  const [type, subtype] = mime.split('/');
  let best = -1;
  let q = 0;
  for (const range of parseAccept(Array.isArray(header) ? header.join(',') : header)) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity > best) {
      best = specificity;
      q = range.q;
    }
  }
  return best >= 0 && q > 0;
}

/** Whether a `Content-Type` is JSON: `application/json`, with no charset or a UTF-8 one (RFC 8259). */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
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
