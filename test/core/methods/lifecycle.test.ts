/**
 * The 2025 session methods (initialize, the client notifications, ping) and logging/setLevel, as
 * the lifecycle family registers them; 2026-07-28 lacks all but notifications/cancelled.
 */
import type { McpCoreOptions } from '../../../src/core';
import { registerLifecycle, registerLogging } from '../../../src/core/methods/lifecycle';
import { invalid, linked, methodTable, modern } from './harness';

const BASE = { name: 'T', version: '1', lister: () => [], caller: () => ({}) };
const SERVER = {
  capabilities: { tools: {}, tasks: { list: {}, cancel: {} } },
  serverInfo: { name: 'T', version: '1' },
  instructions: undefined as string | undefined,
};
const INIT = {
  protocolVersion: '2025-06-18',
  capabilities: { sampling: {}, roots: { listChanged: true }, unknownThing: { x: 1 } },
  clientInfo: { name: 'client', version: '2', extra: 'dropped' },
};

function setup(options: Partial<McpCoreOptions<string>> = {}, server = SERVER) {
  const { table, rpc, ask } = methodTable();
  registerLifecycle(table, { ...BASE, ...options }, server);
  return { rpc, ask };
}

describe('initialize', () => {
  it('agrees on the revision, keeps what MCP defines of the client, answers the server', async () => {
    const { ask } = setup();
    const { inbound, peer } = linked();
    expect((await ask('initialize', INIT, inbound)).result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: SERVER.capabilities,
      serverInfo: SERVER.serverInfo,
    });
    expect(peer.revision).toBe('2025-06-18');
    expect(peer.clientCapabilities).toEqual({ sampling: {}, roots: { listChanged: true } });
    expect(peer.clientInfo).toEqual({ name: 'client', version: '2' });
  });

  it('an unknown revision gets the newest 2025 one; instructions when given', async () => {
    const { ask } = setup({}, { ...SERVER, instructions: 'Be brief.' });
    const { inbound, peer } = linked();
    const result = (await ask('initialize', { protocolVersion: '1.0' }, inbound)).result;
    expect(result?.protocolVersion).toBe('2025-11-25');
    expect(result?.instructions).toBe('Be brief.');
    expect(peer.revision).toBe('2025-11-25');
  });

  it('the initializer runs with the revision, the params and the context', async () => {
    const seen: unknown[][] = [];
    const { ask } = setup({
      initializer: (revision, params, context) => void seen.push([revision, params, context]),
    });
    await ask('initialize', INIT, linked().inbound);
    expect(seen).toEqual([['2025-06-18', INIT, 'ctx']]);
  });

  it('an anonymous caller is not declared tasks.list (its ids would leak)', async () => {
    const { ask } = setup();
    const { inbound } = linked();
    const anonymous = { ...inbound, link: { ...inbound.link!, anonymous: true } };
    expect((await ask('initialize', INIT, anonymous)).result?.capabilities).toEqual({
      tools: {},
      tasks: { cancel: {} },
    });
    // Without tasks there is nothing to take away.
    const plain = setup({}, { ...SERVER, capabilities: { tools: {} } as never });
    expect((await plain.ask('initialize', INIT, anonymous)).result?.capabilities).toEqual({
      tools: {},
    });
  });

  it('without a connection it still answers, and stores nothing', async () => {
    const { ask } = setup();
    expect((await ask('initialize', INIT)).result?.protocolVersion).toBe('2025-06-18');
  });
});

describe('the other session methods', () => {
  it('ping and notifications/initialized answer {}', async () => {
    const { ask } = setup();
    expect((await ask('ping')).result).toEqual({});
    expect((await ask('notifications/initialized')).result).toEqual({});
  });

  it('notifications/cancelled cancels the request in flight by string or number id', async () => {
    const { ask } = setup();
    const { inbound, peer } = linked();
    const first = peer.track(7);
    const second = peer.track('b');
    await ask('notifications/cancelled', { requestId: 7, reason: 'enough' }, inbound);
    expect(first.aborted).toBe(true);
    expect(second.aborted).toBe(false);
    await ask('notifications/cancelled', { requestId: 'b' }, inbound);
    expect(second.aborted).toBe(true);
  });

  it('notifications/cancelled with a bad id, or no connection, does nothing', async () => {
    const { ask } = setup();
    const { inbound, peer } = linked();
    const flight = peer.track(1);
    expect((await ask('notifications/cancelled', { requestId: [1] }, inbound)).result).toEqual({});
    expect((await ask('notifications/cancelled', { requestId: 1 })).result).toEqual({});
    expect(flight.aborted).toBe(false);
  });

  it('2026-07-28 has none of them but notifications/cancelled', async () => {
    const { ask } = setup();
    for (const method of ['initialize', 'ping', 'notifications/initialized']) {
      expect((await ask(method, {}, modern())).error).toEqual({
        code: -32601,
        message: 'Method not found',
      });
    }
    expect(
      (await ask('notifications/cancelled', { requestId: 1 }, modern())).error,
    ).toBeUndefined();
  });
});

describe('logging/setLevel', () => {
  it('only with the logging option', () => {
    const { table, rpc } = methodTable();
    registerLogging(table, BASE);
    expect(rpc.has('logging/setLevel')).toBe(false);
  });

  it('keeps the level in the peer; an unknown level is -32602 listing the eight', async () => {
    const { table, ask } = methodTable();
    registerLogging(table, { ...BASE, logging: true });
    const { inbound, peer } = linked();
    expect((await ask('logging/setLevel', { level: 'warning' }, inbound)).result).toEqual({});
    expect(peer.logLevel).toBe('warning');
    for (const level of ['warn', 'WARNING', undefined, 3]) {
      expect((await ask('logging/setLevel', { level }, inbound)).error).toEqual(
        invalid(
          'logging/setLevel: "level" must be one of debug, info, notice, warning, error, critical, alert, emergency',
        ),
      );
    }
    expect(peer.logLevel).toBe('warning');
    expect((await ask('logging/setLevel', { level: 'debug' }, modern())).error?.code).toBe(-32601);
  });
});
