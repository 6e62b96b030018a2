/**
 * `@Context()` receives the call's context exactly as the transport passed it, and concurrent,
 * interleaved calls on the one provider instance never see each other's context.
 */
import 'reflect-metadata';
import {
  Call,
  Context,
  McpApplication,
  type McpCall,
  Prompt,
  Resource,
  Tool,
} from 'declarative-mcp';
import { z } from 'zod';

type Session = { id: number; user: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const instances = new Set<unknown>();

class Echo {
  @Tool({ input: z.object({ n: z.number(), delay: z.number() }) })
  async echo(
    { n, delay }: { n: number; delay: number },
    @Context() session: Session,
    @Call() call: McpCall,
  ) {
    instances.add(this);
    const before = session;
    await sleep(delay);
    // Still the same context after the await, and the call's own request id.
    return `${n}:${before === session ? session.user : 'swapped'}:${String(call.requestId)}`;
  }

  @Resource({ uriTemplate: 'echo://{n}' })
  async read({ n }: { n: string }, @Context() session: Session) {
    await sleep(Number(n) % 3);
    return `${n}:${session.user}`;
  }

  @Prompt({ args: z.object({ n: z.string() }) })
  async prompt({ n }: { n: string }, @Context() session: Session) {
    await sleep(Number(n) % 2);
    return `${n}:${session.user}`;
  }
}

describe('@Context() isolation', () => {
  it('1000 interleaved async calls with different contexts each get their own', async () => {
    instances.clear();
    const app = McpApplication.create<Session>({ name: 'c', version: '1', providers: [Echo] });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, n) => {
        const session: Session = { id: n, user: `user-${n}` };
        return app.handle(
          JSON.stringify({
            jsonrpc: '2.0',
            id: n,
            method: 'tools/call',
            // Reverse delays so calls finish in a different order than they started.
            params: { name: 'echo', arguments: { n, delay: (1000 - n) % 7 } },
          }),
          session,
        );
      }),
    );
    answers.forEach((answer, n) => {
      expect(JSON.parse(answer!).result.content[0].text).toBe(`${n}:user-${n}:${n}`);
    });
    // All on the one provider instance.
    expect(instances.size).toBe(1);
  });

  it('the context is the very object the transport passed (not a copy)', async () => {
    const seen: unknown[] = [];
    class Tools {
      @Tool() whoami(@Context() context: unknown) {
        seen.push(context);
        return 'ok';
      }
    }
    const app = McpApplication.create({ name: 'c', version: '1', providers: [Tools] });
    const session = { user: 'ada', identity: { scopes: [] } };
    await app.handle(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"whoami"}}',
      session,
    );
    expect(seen[0]).toBe(session);
  });

  it('resources and prompts get their own context too, concurrently', async () => {
    const app = McpApplication.create<Session>({ name: 'c', version: '1', providers: [Echo] });
    const reads = Array.from({ length: 100 }, (_, n) =>
      app.handle(
        JSON.stringify({
          jsonrpc: '2.0',
          id: n,
          method: 'resources/read',
          params: { uri: `echo://${n}` },
        }),
        { id: n, user: `r${n}` },
      ),
    );
    const prompts = Array.from({ length: 100 }, (_, n) =>
      app.handle(
        JSON.stringify({
          jsonrpc: '2.0',
          id: n,
          method: 'prompts/get',
          params: { name: 'prompt', arguments: { n: String(n) } },
        }),
        { id: n, user: `p${n}` },
      ),
    );
    const [readAnswers, promptAnswers] = await Promise.all([
      Promise.all(reads),
      Promise.all(prompts),
    ]);
    readAnswers.forEach((answer, n) => {
      expect(JSON.parse(answer!).result.contents[0].text).toBe(`${n}:r${n}`);
    });
    promptAnswers.forEach((answer, n) => {
      expect(JSON.parse(answer!).result.messages[0].content.text).toBe(`${n}:p${n}`);
    });
  });
});
