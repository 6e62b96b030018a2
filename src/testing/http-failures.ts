/**
 * How the HTTP client wire fails, each as an `McpClientError` that says why: a server it cannot
 * reach, a request it closed, a status that is no answer (401 naming the token it wants).
 */
import { ErrorCode, McpClientError } from '../core';

/** The server cannot be reached at `url`: the connection's own reason, as far as fetch tells it. */
export function unreachable(url: string, error: unknown): McpClientError {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const why = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return new McpClientError(ErrorCode.TRANSPORT_ERROR, `Cannot reach ${url}: ${why}`, undefined, {
    reason: 'transport',
    cause: error,
  });
}

/** A request that failed on a connection the server had closed: it never reached a server. */
export function staleConnection(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET';
}

/** The request was closed (by its signal or the client's close) before an answer. */
export function closed(method: unknown): McpClientError {
  return new McpClientError(ErrorCode.INVALID_REQUEST, `${String(method)} was closed`, undefined, {
    reason: 'no-answer',
  });
}

/** A status that is no answer: 401 says a token is wanted; others say what came back. */
export async function refused(url: string, response: Response): Promise<McpClientError> {
  if (response.status === 401) {
    const challenge = response.headers.get('www-authenticate');
    return new McpClientError(
      ErrorCode.TRANSPORT_ERROR,
      `${url} answered 401 Unauthorized: it needs a bearer token${challenge ? ` (${challenge})` : ''}.`,
      undefined,
      { reason: 'unauthorized' },
    );
  }
  const text = (await response.text().catch(() => '')).trim().slice(0, 200);
  return new McpClientError(
    ErrorCode.TRANSPORT_ERROR,
    `${url} answered HTTP ${response.status} ${response.statusText}${text ? `: ${text}` : ''}`,
    undefined,
    { reason: 'transport' },
  );
}
