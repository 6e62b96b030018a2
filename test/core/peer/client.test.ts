/**
 * `peer/client.ts`: what a peer keeps of its client — subscriptions within `maxSubscriptions`
 * and `maxUriLength`, the URIs `subscriptions/listen` may watch, and the bytes of its
 * `initialize` state and subscriptions charged to a shared budget and given back on close.
 */
import { Peer, StateBudget } from '../../../src/core';
import { ClientRecord } from '../../../src/core/peer/client';

describe('ClientRecord: subscriptions and kept state within limits', () => {
  const fault = (fn: () => void): { code: number; message: string; data: unknown } => {
    try {
      fn();
    } catch (error) {
      return error as { code: number; message: string; data: unknown };
    }
    throw new Error('expected a Fault');
  };

  test('maxSubscriptions: one more is -32602 with the limit; the same URI again, or after an unsubscribe, is fine', () => {
    const peer = new ClientRecord({ maxSubscriptions: 2 });
    peer.subscribe('a://1');
    peer.subscribe('a://2');
    peer.subscribe('a://2');
    const refused = fault(() => peer.subscribe('a://3'));
    expect(refused).toMatchObject({
      code: -32602,
      message:
        'Invalid params: resources/subscribe: this client already holds the most subscriptions allowed (2); unsubscribe from one first',
      data: {
        reason:
          'resources/subscribe: this client already holds the most subscriptions allowed (2); unsubscribe from one first',
        limit: 2,
      },
    });
    peer.unsubscribe('a://1');
    peer.subscribe('a://3');
    expect([...peer.subscriptions]).toEqual(['a://2', 'a://3']);
  });

  test('maxUriLength: a longer URI is -32602 and not kept; 0 means no limit', () => {
    const peer = new ClientRecord({ maxUriLength: 10 });
    peer.subscribe('a://345678');
    const refused = fault(() => peer.subscribe('a://3456789'));
    expect(refused.message).toBe(
      'Invalid params: resources/subscribe: a URI must not exceed 10 characters (got 11); subscribe to a shorter one',
    );
    expect(peer.subscriptions.has('a://3456789')).toBe(false);
    const open = new ClientRecord({ maxUriLength: 0, maxSubscriptions: 0 });
    for (let i = 0; i < 300; i += 1) open.subscribe(`a://${'x'.repeat(3000)}${i}`);
    expect(open.subscriptions.size).toBe(300);
  });

  test('the defaults: 100 subscriptions, URIs of 2 048 characters', () => {
    const peer = new ClientRecord({});
    expect(peer.maxSubscriptions).toBe(100);
    expect(peer.maxUriLength).toBe(2048);
  });

  test('checkSubscriptions (subscriptions/listen): too many URIs, or one too long, is -32602', () => {
    const peer = new ClientRecord({ maxSubscriptions: 2, maxUriLength: 8 });
    expect(() => peer.checkSubscriptions(['a://1', 'a://2'], 'subscriptions/listen')).not.toThrow();
    expect(
      fault(() => peer.checkSubscriptions(['a://1', 'a://2', 'a://3'], 'subscriptions/listen'))
        .message,
    ).toBe(
      'Invalid params: subscriptions/listen: at most 2 resource subscriptions are allowed at once (got 3); watch fewer URIs',
    );
    expect(
      fault(() => peer.checkSubscriptions(['a://123456'], 'subscriptions/listen')).message,
    ).toBe(
      'Invalid params: subscriptions/listen: a URI must not exceed 8 characters (got 10); subscribe to a shorter one',
    );
  });

  test('a shared budget is charged with the kept initialize state and the URIs, refused past it, given back on close', () => {
    const budget = new StateBudget(100);
    const a = new Peer({ budget });
    const b = new Peer({ budget });
    a.remember({ roots: {} }, { name: 'x', version: '1' }); // 12 + 26 characters of JSON
    expect(budget.used).toBe(38);
    expect(a.keptBytes).toBe(38);
    a.remember({}, undefined); // replaced: charged the difference
    expect(budget.used).toBe(2);
    b.subscribe(`a://${'x'.repeat(86)}`); // 90
    expect(budget.used).toBe(92);
    const full = fault(() => b.subscribe('a://123456789'));
    expect(full).toMatchObject({
      code: -32010,
      message:
        'Server busy: the server keeps as much client state as it may (maxSessionStateBytes); try again later or unsubscribe elsewhere',
    });
    expect(b.subscriptions.size).toBe(1);
    b.close();
    expect(budget.used).toBe(2);
    // A closed peer charges and gives back nothing more.
    b.unsubscribe(`a://${'x'.repeat(86)}`);
    expect(budget.used).toBe(2);
    a.subscribe('a://1234');
    a.unsubscribe('a://1234');
    expect(budget.used).toBe(2);
    a.close();
    expect(budget.used).toBe(0);
  });
});

describe('ClientRecord: subscriptions', () => {
  test('isSubscribed, subscriptionCount and clearSubscriptions, with no set made for a client without any', () => {
    const client = new ClientRecord({});
    expect(client.isSubscribed('a://1')).toBe(false);
    expect(client.subscriptionCount).toBe(0);
    client.clearSubscriptions();
    client.subscribe('a://1');
    client.subscribe('a://2');
    expect(client.isSubscribed('a://1')).toBe(true);
    expect(client.subscriptionCount).toBe(2);
    client.clearSubscriptions();
    expect(client.subscriptionCount).toBe(0);
    expect(client.isSubscribed('a://2')).toBe(false);
  });

  test('force restores a subscription past the limits (state accepted before)', () => {
    const budget = new StateBudget(4);
    const client = new ClientRecord({ maxSubscriptions: 1, maxUriLength: 4, budget });
    client.subscribe('a://1', true);
    client.subscribe('a://22', true);
    expect(client.subscriptionCount).toBe(2);
    expect(budget.used).toBe(11);
    expect(client.keptBytes).toBe(11);
  });
});
