/**
 * MethodTable.define: the revisions that lack a method, params as an object, the request's call
 * and its tracking in the peer, no answer for a cancelled call, and each revision's envelope.
 */
import { McpCall } from '../../../src/core/call';
import { NO_ANSWER } from '../../../src/core/dispatcher';
import type { Inbound } from '../../../src/core/revisions';
import { MCP_2025_11_25 } from '../../../src/core/revisions';
import { within } from '../../helpers/within';
import { linked, methodTable, modern, SERVER_INFO_META } from './harness';

describe('MethodTable.define', () => {
  it('a method a revision lacks is -32601 in it, and runs in the others', async () => {
    const { table, ask } = methodTable();
    let runs = 0;
    table.define('ping', { run: () => ({ runs: ++runs }) });
    expect((await ask('ping', {}, modern())).error).toEqual({
      code: -32601,
      message: 'Method not found',
    });
    expect((await ask('ping', {}, linked().inbound)).result).toEqual({ runs: 1 });
  });

  it('params that are not an object run as {}; no inbound is a 2025 request without a link', async () => {
    const { table, ask } = methodTable();
    const seen: Array<{ params: unknown; inbound: Inbound }> = [];
    table.define('echo', {
      run: (params, _context, call, _request, inbound) => {
        seen.push({ params, inbound });
        return { call: call === undefined };
      },
    });
    await ask('echo', [1, 2]);
    await ask('echo', { a: 1 });
    expect(seen.map((s) => s.params)).toEqual([{}, { a: 1 }]);
    expect(seen[0]!.inbound.revision).toBe(MCP_2025_11_25);
    expect(seen[0]!.inbound.link).toBeUndefined();
    expect((await ask('echo')).result).toEqual({ call: true });
  });

  it('2026-07-28: results get resultType and the server identity; cache hints only where declared', async () => {
    const { table, ask } = methodTable({ cache: { ttlMs: 500, scope: 'public' } });
    table.define('plain', { run: () => ({ value: 1 }) });
    table.define('listed', { cache: { list: 'items' }, run: () => ({ items: [1] }) });
    table.define('pending', {
      cache: { list: 'items' },
      run: () => ({ resultType: 'input_required', _meta: { mine: true } }),
    });
    expect((await ask('plain', {}, modern())).result).toEqual({
      value: 1,
      resultType: 'complete',
      _meta: SERVER_INFO_META,
    });
    expect((await ask('listed', {}, modern())).result).toEqual({
      items: [1],
      resultType: 'complete',
      _meta: SERVER_INFO_META,
      ttlMs: 500,
      cacheScope: 'public',
    });
    // An incomplete result is not cached; its own _meta is kept beside the identity.
    expect((await ask('pending', {}, modern())).result).toEqual({
      resultType: 'input_required',
      _meta: { mine: true, ...SERVER_INFO_META },
    });
    // 2025: the result as the method returned it.
    expect((await ask('listed', {}, linked().inbound)).result).toEqual({ items: [1] });
  });

  it('calls: the method gets its McpCall, and the peer tracks the request while it runs', async () => {
    const { table, ask } = methodTable();
    const { inbound, peer } = linked();
    let during = -1;
    let received: unknown;
    table.define('work', {
      calls: true,
      run: (_p, _c, call) => {
        received = call;
        during = peer.inFlight;
        return { done: true };
      },
    });
    expect((await ask('work', {}, inbound)).result).toEqual({ done: true });
    expect(received).toBeInstanceOf(McpCall);
    expect(during).toBe(1);
    expect(peer.inFlight).toBe(0);
  });

  it('a call the client cancels gets no answer, whether it returns or throws', async () => {
    const { table, rpc } = methodTable();
    const { inbound, peer } = linked();
    let release: (fail: boolean) => void = () => {};
    table.define('slow', {
      calls: true,
      run: () =>
        new Promise((resolve, reject) => {
          release = (fail) => (fail ? reject(new Error('stopped')) : resolve({ late: true }));
        }),
    });
    for (const fail of [false, true]) {
      const answer = rpc.dispatch({ jsonrpc: '2.0', id: 4, method: 'slow' }, 'ctx', inbound);
      await within(
        (async () => {
          while (peer.inFlight === 0) await new Promise((resolve) => setImmediate(resolve));
        })(),
        2000,
        'the call to start',
      );
      expect(peer.cancel(4, 'user')).toBe(true);
      release(fail);
      expect(await within(answer, 2000, 'the cancelled call to settle')).toBeNull();
      expect(peer.inFlight).toBe(0);
    }
  });

  it('a call without a link that answers synchronously ends synchronously, in either revision', async () => {
    const { table, rpc } = methodTable();
    const calls: McpCall[] = [];
    table.define('quick', {
      calls: true,
      run: (_p, _c, call) => {
        calls.push(call!);
        return { done: true };
      },
    });
    // No promise from the method to the dispatcher: the call is over before dispatch returns.
    const plain = rpc.dispatch({ jsonrpc: '2.0', id: 1, method: 'quick' }, 'ctx');
    expect(calls[0]!.done).toBe(true);
    expect(await plain).toBe('{"jsonrpc":"2.0","id":1,"result":{"done":true}}');
    const enveloped = rpc.dispatch({ jsonrpc: '2.0', id: 2, method: 'quick' }, 'ctx', modern());
    expect(calls[1]!.done).toBe(true);
    expect(JSON.parse((await enveloped)!).result).toEqual({
      done: true,
      resultType: 'complete',
      _meta: SERVER_INFO_META,
    });
  });

  it('a tracked call that answered synchronously is still cancelled by a cancellation read in the same turn', async () => {
    const { table, rpc } = methodTable();
    const { inbound, peer } = linked();
    table.define('quick', { calls: true, run: () => ({ done: true }) });
    // As a stdio chunk holding the call and its notifications/cancelled (or a batch of both).
    const answer = rpc.dispatch({ jsonrpc: '2.0', id: 5, method: 'quick' }, 'ctx', inbound);
    expect(peer.cancel(5, 'user')).toBe(true);
    expect(await answer).toBeNull();
    expect(peer.inFlight).toBe(0);
  });

  it('the same in 2026-07-28, where the call may ask by retry', async () => {
    const { table, rpc } = methodTable();
    const { peer, link } = linked();
    table.define('quick', {
      calls: true,
      subject: () => ({ name: 'quick', args: {} }),
      run: () => ({ done: true }),
    });
    const answer = rpc.dispatch({ jsonrpc: '2.0', id: 5, method: 'quick' }, 'ctx', modern(link));
    expect(peer.cancel(5, 'user')).toBe(true);
    expect(await answer).toBeNull();
    expect(peer.inFlight).toBe(0);
    // Not cancelled: the synchronous result is the answer, in the revision's envelope.
    const kept = await rpc.dispatch(
      { jsonrpc: '2.0', id: 6, method: 'quick' },
      'ctx',
      modern(link),
    );
    expect(JSON.parse(kept!).result).toEqual({
      done: true,
      resultType: 'complete',
      _meta: SERVER_INFO_META,
    });
  });

  it('NO_ANSWER from a method: nothing is sent', async () => {
    const { table, rpc } = methodTable();
    table.define('quiet', { calls: true, run: () => NO_ANSWER });
    table.define('quieter', { run: () => NO_ANSWER });
    expect(await rpc.dispatch({ jsonrpc: '2.0', id: 1, method: 'quiet' }, 'ctx')).toBeNull();
    expect(await rpc.dispatch({ jsonrpc: '2.0', id: 2, method: 'quieter' }, 'ctx')).toBeNull();
  });

  it('a method defined twice is a start-up error', () => {
    const { table } = methodTable();
    table.define('once', { run: () => ({}) });
    expect(() => table.define('once', { run: () => ({}) })).toThrow(
      'JsonRpcDispatcher: method "once" is already registered.',
    );
  });
});
