/**
 * The core is stateless: one instance serves every client, their calls interleave, and each call
 * sees only its own context (seed 000: "The context of a call cannot change under it").
 */
import { McpCore } from '../../src/core';

type Context = { session: string; user: string; delay: number; tick: 'timeout' | 'immediate' };

/** Waits in one of the ways real I/O does: a timer or the check phase. */
function pause(context: Context): Promise<void> {
  return new Promise((resolve) => {
    if (context.tick === 'timeout') setTimeout(resolve, context.delay);
    else setImmediate(resolve);
  });
}

describe('concurrent calls on one core', () => {
  it('a slow tools/call does not block a ping sent after it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const core = new McpCore({
      name: 'Slow',
      version: '1.0.0',
      lister: () => [],
      caller: async () => {
        await gate;
        return { content: [{ type: 'text', text: 'finally' }], isError: false };
      },
    });

    const order: string[] = [];
    const call = core
      .handle('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow"}}')
      .then((answer) => {
        order.push('tools/call');
        return answer;
      });
    const ping = core.handle('{"jsonrpc":"2.0","id":2,"method":"ping"}').then((answer) => {
      order.push('ping');
      return answer;
    });

    // The ping answers while the call is still waiting on its gate.
    expect(await ping).toBe('{"jsonrpc":"2.0","id":2,"result":{}}');
    expect(order).toEqual(['ping']);

    release();
    expect(await call).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"finally"}],"isError":false}}',
    );
    expect(order).toEqual(['ping', 'tools/call']);
  });

  it('a slow request in a batch does not block a message handled after the batch', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const core = new McpCore({
      name: 'Slow',
      version: '1.0.0',
      lister: async () => {
        await gate;
        return [];
      },
      caller: () => ({}),
    });
    const batch = core.handle(
      '[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"ping"}]',
    );
    expect(await core.handle('{"jsonrpc":"2.0","id":3,"method":"ping"}')).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{}}',
    );
    release();
    expect(await batch).toBe(
      '[{"jsonrpc":"2.0","id":1,"result":{"tools":[]}},{"jsonrpc":"2.0","id":2,"result":{}}]',
    );
  });

  it('1000 interleaved tools/call each see only their own context', async () => {
    const seenByLister = new Map<string, string>();
    const core = new McpCore<Context>({
      name: 'Sessions',
      version: '1.0.0',
      lister: async (context) => {
        await pause(context);
        seenByLister.set(context.session, context.user);
        return [];
      },
      caller: async (name, args, context) => {
        // Read the context before and after waiting: it must not change under the call.
        const before = `${context.session}/${context.user}`;
        await pause(context);
        await pause({ ...context, tick: context.tick === 'timeout' ? 'immediate' : 'timeout' });
        const after = `${context.session}/${context.user}`;
        return {
          content: [{ type: 'text', text: `${name}:${args.n} ${before} ${after}` }],
          isError: before !== after,
        };
      },
    });

    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 20251125;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };

    const calls = Array.from({ length: 1000 }, (_, n) => {
      const context: Context = {
        session: `s${n}`,
        user: `user-${Math.floor(random() * 1e9)}`,
        delay: Math.floor(random() * 8),
        tick: random() < 0.5 ? 'timeout' : 'immediate',
      };
      const answer =
        n % 5 === 0
          ? core.handle(`{"jsonrpc":"2.0","id":${n},"method":"tools/list"}`, context)
          : core.handle(
              `{"jsonrpc":"2.0","id":${n},"method":"tools/call","params":{"name":"whoami","arguments":{"n":${n}}}}`,
              context,
            );
      return { n, context, answer };
    });

    const answers = await Promise.all(calls.map((call) => call.answer));

    for (const [i, { n, context }] of calls.entries()) {
      const me = `${context.session}/${context.user}`;
      if (n % 5 === 0) {
        expect(answers[i]).toBe(`{"jsonrpc":"2.0","id":${n},"result":{"tools":[]}}`);
        expect(seenByLister.get(context.session)).toBe(context.user);
      } else {
        expect(answers[i]).toBe(
          `{"jsonrpc":"2.0","id":${n},"result":{"content":[{"type":"text","text":"whoami:${n} ${me} ${me}"}],"isError":false}}`,
        );
      }
    }
    expect(seenByLister.size).toBe(200);
  });

  it('interleaved initialize calls store each revision in their own session', async () => {
    type Session = { name: string; revision?: string; client?: string };
    const core = new McpCore<Session>({
      name: 'Sessions',
      version: '1.0.0',
      lister: () => [],
      caller: (_name, _args, session) => ({
        content: [{ type: 'text', text: `${session.name} ${session.revision} ${session.client}` }],
        isError: false,
      }),
      initializer: async (revision, params, session) => {
        await new Promise((resolve) => setTimeout(resolve, Number(session.name.slice(1)) % 4));
        session.revision = revision;
        session.client = (params.clientInfo as { name: string }).name;
      },
    });
    const revisions = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
    const sessions: Session[] = Array.from({ length: 40 }, (_, i) => ({ name: `s${i}` }));

    await Promise.all(
      sessions.map((session, i) =>
        core.handle(
          `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"${revisions[i % 4]}","clientInfo":{"name":"client-${i}","version":"1"}}}`,
          session,
        ),
      ),
    );
    const answers = await Promise.all(
      sessions.map((session) =>
        core.handle(
          '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}}',
          session,
        ),
      ),
    );

    for (const [i, session] of sessions.entries()) {
      expect(session).toEqual({ name: `s${i}`, revision: revisions[i % 4], client: `client-${i}` });
      expect(JSON.parse(answers[i]!).result.content[0].text).toBe(
        `s${i} ${revisions[i % 4]} client-${i}`,
      );
    }
  });
});
