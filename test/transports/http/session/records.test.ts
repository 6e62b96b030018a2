/**
 * Session records in the state adapter: which methods change one, what a record keeps of a
 * session (and leaves out), how a record is applied to a peer another process holds, an adapter's
 * failure as a SharedStateError (the transport's 503), and `SessionRecords`' writes: create within
 * the limits, save, load, delete, a renewal at most every quarter of the idle timeout, and the
 * writes that report instead of throwing.
 */
import { memoryAdapter, type StateAdapter } from '../../../../src/adapter';
import { Peer, SharedStateError } from '../../../../src/core';
import { changesSession, recordOf, SessionRecords } from '../../../../src/transports/http/session';
import { applyRecord, sharedStateFailure } from '../../../../src/transports/http/session/records';
import { sessionEntry as entry } from './session-entry';

describe('changesSession', () => {
  test.each(['initialize', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'])(
    '%s changes it, alone or in a batch',
    (method) => {
      expect(changesSession({ jsonrpc: '2.0', id: 1, method })).toBe(true);
      expect(changesSession([{ method: 'ping' }, { method }])).toBe(true);
    },
  );

  test.each([
    { method: 'tools/call' },
    { method: 'notifications/initialized' },
    [{ method: 'ping' }, { id: 1, result: {} }],
    [],
    null,
    'initialize',
    42,
    { method: ['initialize'] },
    [null, 'initialize'],
  ])('%j does not', (value) => {
    expect(changesSession(value)).toBe(false);
  });
});

describe('recordOf and applyRecord', () => {
  test('a fresh session keeps its id only', () => {
    expect(recordOf(entry('s1'))).toEqual({ id: 's1' });
  });

  test('owner, source, revision, what the client declared, its log level and subscriptions', () => {
    const peer = new Peer();
    peer.revision = '2025-11-25';
    peer.remember({ roots: {} }, { name: 'c', version: '1' });
    peer.logLevel = 'warning';
    peer.subscribe('test://a');
    peer.subscribe('test://b');
    const record = recordOf(entry('s2', peer, { owner: 'alice', source: 'alice' }));
    expect(record).toEqual({
      id: 's2',
      owner: 'alice',
      source: 'alice',
      revision: '2025-11-25',
      clientCapabilities: { roots: {} },
      clientInfo: { name: 'c', version: '1' },
      logLevel: 'warning',
      subscriptions: ['test://a', 'test://b'],
    });
    // The record is a copy: later subscriptions do not reach it.
    peer.subscribe('test://c');
    expect(record.subscriptions).toEqual(['test://a', 'test://b']);
  });

  test('applying a record replaces what the peer held, subscriptions past its limit included', () => {
    const peer = new Peer({ maxSubscriptions: 1 });
    peer.logLevel = 'debug';
    peer.subscribe('test://old');
    applyRecord(peer, {
      id: 's3',
      revision: '2025-06-18',
      clientCapabilities: { sampling: {} },
      clientInfo: { name: 'c', version: '2' },
      subscriptions: ['test://a', 'test://b'],
    });
    expect(peer.revision).toBe('2025-06-18');
    expect(peer.clientCapabilities).toEqual({ sampling: {} });
    expect(peer.clientInfo).toEqual({ name: 'c', version: '2' });
    expect(peer.logLevel).toBeUndefined();
    expect([...peer.subscriptions]).toEqual(['test://a', 'test://b']);
    // Round trip.
    expect(recordOf(entry('s3', peer))).toEqual({
      id: 's3',
      revision: '2025-06-18',
      clientCapabilities: { sampling: {} },
      clientInfo: { name: 'c', version: '2' },
      subscriptions: ['test://a', 'test://b'],
    });
  });

  test('a record without subscriptions clears them', () => {
    const peer = new Peer();
    peer.subscribe('test://a');
    applyRecord(peer, { id: 's4' });
    expect(peer.subscriptionCount).toBe(0);
  });
});

describe('sharedStateFailure', () => {
  const adapter = { name: 'redis' } as StateAdapter;

  test('an adapter error becomes a SharedStateError naming the store, with its cause', () => {
    const cause = new Error('READONLY');
    const failure = sharedStateFailure(adapter, cause);
    expect(SharedStateError.is(failure)).toBe(true);
    expect(failure.message).toBe('The redis shared state failed: READONLY');
    expect(failure.component).toBe('the shared state (redis)');
    expect(failure.cause).toBe(cause);
    expect(sharedStateFailure(adapter, 'down').message).toBe('The redis shared state failed: down');
  });

  test('a SharedStateError passes as it is', () => {
    const error = new SharedStateError('gone', { store: 'redis' });
    expect(sharedStateFailure(adapter, error)).toBe(error);
  });
});

describe('SessionRecords', () => {
  const reported: unknown[] = [];
  const report = (error: unknown) => reported.push(error);
  let adapter: StateAdapter;

  beforeEach(async () => {
    reported.length = 0;
    adapter = memoryAdapter();
    await adapter.open();
  });
  afterEach(() => adapter.close());

  test('create within the limits, then full; save, load and delete', async () => {
    const records = new SessionRecords(adapter, 60_000, { max: 2, perSource: 1 }, report);
    expect(await records.create(entry('a', undefined, { source: 'x' }))).toBe('created');
    expect(await records.create(entry('b', undefined, { source: 'x' }))).toBe('source-full');
    expect(await records.create(entry('c', undefined, { source: 'y' }))).toBe('created');
    expect(await records.create(entry('d', undefined, { source: 'z' }))).toBe('full');

    const peer = new Peer();
    peer.logLevel = 'error';
    await records.save(entry('a', peer, { source: 'x' }));
    expect(await records.load('a')).toEqual({ id: 'a', source: 'x', logLevel: 'error' });
    await records.delete('a');
    expect(await records.load('a')).toBeUndefined();
  });

  test('touch renews at most every quarter of the idle timeout; never with no timeout', async () => {
    const touch = jest.spyOn(adapter.sessions, 'touch');
    const records = new SessionRecords(adapter, 1000, { max: 0, perSource: 0 }, report);
    const session = entry('t', undefined, { touchedAt: 10_000 });
    records.touch(session, 10_249);
    expect(touch).not.toHaveBeenCalled();
    records.touch(session, 10_250);
    expect(touch).toHaveBeenCalledWith('t', 1000);
    expect(session.touchedAt).toBe(10_250);
    records.touch(session, 10_400);
    expect(touch).toHaveBeenCalledTimes(1);

    new SessionRecords(adapter, 0, { max: 0, perSource: 0 }, report).touch(session, 1e9);
    expect(touch).toHaveBeenCalledTimes(1);
  });

  describe('when the adapter fails', () => {
    const failure = new Error('connection lost');
    let records: SessionRecords;

    beforeEach(() => {
      for (const name of ['create', 'get', 'update', 'touch', 'delete'] as const) {
        jest.spyOn(adapter.sessions, name).mockRejectedValue(failure);
      }
      records = new SessionRecords(adapter, 1000, { max: 0, perSource: 0 }, report);
    });

    test('create, save, load and delete reject with a SharedStateError (the 503)', async () => {
      for (const write of [
        () => records.create(entry('a')),
        () => records.save(entry('a')),
        () => records.load('a'),
        () => records.delete('a'),
      ]) {
        const error = await write().catch((e: unknown) => e);
        expect(SharedStateError.is(error)).toBe(true);
        expect((error as Error).message).toBe('The memory shared state failed: connection lost');
      }
    });

    test('touch and forget report the failure; discard keeps quiet (the outage is told already)', async () => {
      records.touch(entry('a', undefined, { touchedAt: 0 }), 1000);
      records.forget('a');
      records.discard('a');
      await new Promise((resolve) => setImmediate(resolve));
      expect(reported).toEqual([failure, failure]);
    });
  });
});
