/**
 * Outages as a reporter hears of them: one notice when a dependency goes out, one when it is back
 * with the count refused meanwhile, found by its probe, the check given, or a quiet spell.
 * Fake timers drive the probe interval; nothing is timed against the clock.
 */
import { notice, Outages } from '../../src/core/outage';
import { UnavailableError } from '../../src/core/unavailable';

afterEach(() => {
  jest.useRealTimers();
});

/** Runs the fake clock forward and lets the probes' promises settle. */
async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}

function setup(check?: (component: string) => (() => Promise<unknown>) | undefined) {
  jest.useFakeTimers();
  const notices: Error[] = [];
  const outages = new Outages((error) => notices.push(error), check, 100);
  return { outages, notices, texts: () => notices.map((n) => n.message) };
}

describe('Outages', () => {
  it('tells the first refusal once, and the end with the count refused meanwhile', async () => {
    let up = false;
    const probe = () => (up ? Promise.resolve() : Promise.reject(new Error('down')));
    const { outages, notices, texts } = setup();
    const error = new UnavailableError('redis', 'ECONNREFUSED', { probe });
    outages.refuse(error);
    outages.refuse(error);
    outages.failed(error);
    outages.refuse(error);
    expect(texts()).toEqual([
      'Redis is unreachable (ECONNREFUSED); requests that need it are refused with "try again" (HTTP 503 with Retry-After) until it is back.',
    ]);
    expect(notices[0]!.name).toBe('Outage');
    await advance(300);
    expect(texts()).toHaveLength(1);
    up = true;
    await advance(100);
    expect(texts()[1]).toBe('Redis is reachable again; 3 requests were refused meanwhile.');
    await advance(1000);
    expect(texts()).toHaveLength(2);
    // A new outage is told again.
    outages.refuse(new UnavailableError('redis', 'timeout', { probe }));
    expect(texts()).toHaveLength(3);
    await advance(100);
    expect(texts()[3]).toBe('Redis is reachable again; 1 request was refused meanwhile.');
    outages.stop();
  });

  it('a failure off the request path alone ends with 0 refused', async () => {
    const { outages, texts } = setup();
    outages.failed(
      new UnavailableError('the key server', 'HTTP 502', { probe: () => Promise.resolve() }),
    );
    await advance(100);
    expect(texts()).toEqual([
      'The key server is unreachable (HTTP 502); requests that need it are refused with "try again" (HTTP 503 with Retry-After) until it is back.',
      'The key server is reachable again; 0 requests were refused meanwhile.',
    ]);
  });

  it('without a probe on the error, the check given for its component', async () => {
    const asked: string[] = [];
    const { outages, texts } = setup((component) => {
      asked.push(component);
      return component === 'redis' ? () => Promise.resolve() : undefined;
    });
    outages.refuse(new UnavailableError('redis', 'down'));
    expect(asked).toEqual(['redis']);
    await advance(100);
    expect(texts()[1]).toBe('Redis is reachable again; 1 request was refused meanwhile.');
  });

  it('with no way to ask: over after 5 s without a refusal; each refusal restarts the wait', async () => {
    const { outages, texts } = setup();
    const error = new UnavailableError('db', 'down');
    outages.refuse(error);
    await advance(4000);
    outages.refuse(error);
    await advance(4000);
    expect(texts()).toHaveLength(1);
    await advance(1100);
    expect(texts()[1]).toBe('Db is reachable again; 2 requests were refused meanwhile.');
  });

  it('components are told apart; stop ends every probe without a notice', async () => {
    const { outages, texts } = setup();
    outages.refuse(new UnavailableError('a', 'x', { probe: () => Promise.resolve() }));
    outages.refuse(new UnavailableError('b', 'y'));
    expect(texts()).toHaveLength(2);
    outages.stop();
    await advance(10_000);
    expect(texts()).toHaveLength(2);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('notice', () => {
  it('an error whose printout is its message alone, named by its kind', () => {
    const error = notice('Redis is back.');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Redis is back.');
    expect(error.name).toBe('Outage');
    expect(error.stack).toBe('Redis is back.');
    expect(notice('dropped', 'Stream').name).toBe('Stream');
  });
});
