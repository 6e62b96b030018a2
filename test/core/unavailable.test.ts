/**
 * The errors of an unreachable dependency (`src/core/unavailable.ts`): recognised by brand across
 * installed copies, a SharedStateError is an UnavailableError naming its store, and what the
 * client reads names the component and says to try again, never the cause or an address.
 */
import { ErrorCode, McpCore } from '../../src/core';
import { SharedStateError, UnavailableError } from '../../src/core/unavailable';

/** An error as another installed copy would throw it: the brands, another class. */
function foreign(...brands: string[]): Error {
  const error = new Error('from another copy');
  for (const brand of brands) {
    Object.defineProperty(error, Symbol.for(`declarative-mcp.${brand}`), { value: true });
  }
  return error;
}

describe('UnavailableError', () => {
  it('keeps the component, the cause and the probe, and names only the component to the client', () => {
    const cause = new Error('connect ECONNREFUSED 10.0.0.7:443');
    const probe = () => Promise.resolve();
    const error = new UnavailableError('the billing service', `GET /x: ${cause.message}`, {
      cause,
      probe,
    });
    expect(error.name).toBe('UnavailableError');
    expect(error.component).toBe('the billing service');
    expect(error.cause).toBe(cause);
    expect(error.probe).toBe(probe);
    expect(error.message).toBe('GET /x: connect ECONNREFUSED 10.0.0.7:443');
    expect(error.answer).toBe(
      'Service Unavailable: the billing service cannot be reached; try again shortly',
    );
    expect(error.answer).not.toContain('10.0.0.7');
  });

  it('has no cause or probe unless given', () => {
    const error = new UnavailableError('the key server (JWKS)', 'timed out');
    expect('cause' in error).toBe(false);
    expect(error.probe).toBeUndefined();
  });

  it('is() knows its own, another copy’s and a SharedStateError, nothing else', () => {
    expect(UnavailableError.is(new UnavailableError('x', 'y'))).toBe(true);
    expect(UnavailableError.is(foreign('UnavailableError'))).toBe(true);
    expect(UnavailableError.is(new SharedStateError('down'))).toBe(true);
    expect(UnavailableError.is(new Error('x'))).toBe(false);
    expect(UnavailableError.is(foreign('SharedStateError'))).toBe(false);
    expect(UnavailableError.is(null)).toBe(false);
  });
});

describe('SharedStateError', () => {
  it('names the shared state, with its store when given', () => {
    const plain = new SharedStateError('no answer');
    expect(plain.name).toBe('SharedStateError');
    expect(plain.component).toBe('the shared state');
    const redis = new SharedStateError('no answer', { store: 'redis' });
    expect(redis.component).toBe('the shared state (redis)');
    expect(redis.answer).toBe(
      'Service Unavailable: the shared state (redis) cannot be reached; try again shortly',
    );
    expect(redis).toBeInstanceOf(UnavailableError);
  });

  it('is() knows its own and another copy’s, not a plain UnavailableError', () => {
    expect(SharedStateError.is(new SharedStateError('x'))).toBe(true);
    expect(SharedStateError.is(foreign('UnavailableError', 'SharedStateError'))).toBe(true);
    expect(SharedStateError.is(new UnavailableError('x', 'y'))).toBe(false);
  });

  it('a method that throws one is answered -32000 with the answer, not the message', async () => {
    const core = new McpCore({
      name: 'a',
      version: '1',
      lister: () => {
        throw new SharedStateError('GET tasks:1: connect ECONNREFUSED', { store: 'redis' });
      },
      caller: () => ({}),
    });
    const answer = JSON.parse(
      (await core.handle('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')) as string,
    );
    expect(answer.error).toEqual({
      code: ErrorCode.TRANSPORT_ERROR,
      message: 'Service Unavailable: the shared state (redis) cannot be reached; try again shortly',
    });
  });
});
