/**
 * Measurements 1 and 6: in-process `tools/call` with argument validation, 64 calls in flight.
 *
 * - ours: `app.handle(json)` on the JSON text (parse, dispatch, validate, call, stringify);
 * - ours, hand-written: the same tool as an `McpCore` closure (measurement 6);
 * - SDK: `McpServer` + `Client` over `InMemoryTransport`, `client.callTool(...)`;
 * - SDK server alone: `McpServer` over `InMemoryTransport`, driven with raw JSON-RPC (text in,
 *   text out, like ours) — how much of the SDK's cost is its client;
 * - SDK v2: `@modelcontextprotocol/server`'s `McpServer` + `@modelcontextprotocol/client`'s
 *   `Client` over SDK v2's `InMemoryTransport`, `client.callTool(...)`;
 * - floor: one thread doing `JSON.parse` + build the result + `JSON.stringify`, nothing else.
 */

import { join } from 'node:path';
import { Client as Client2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import {
  InMemoryTransport as InMemoryTransport2,
  McpServer as McpServer2,
} from '@modelcontextprotocol/server';
import {
  ab,
  buildAnswer,
  CALL_PARTS,
  callMessage,
  collect,
  EXPECTED_TEXT,
  INITIALIZED,
  initializeMessage,
  inTurn,
  isGoodAnswer,
  REF,
  type Stats,
  stats,
  wanted,
} from './common';
import { drive as driveCalls, IN_FLIGHT } from './drive';

export { IN_FLIGHT };

import { AddInput, createApp, createClosureCore } from './servers/ours';
import { createSdkServer } from './servers/sdk';

/** What every answer's JSON text must contain (each answer is checked). */
const NEEDLE = `"text":"${EXPECTED_TEXT}"`;

/** One call: resolves once answered; rejects (or throws) when the answer is wrong. */
type Caller = (id: number) => Promise<unknown>;

interface Subject {
  name: string;
  /** Sets up and returns the caller (or, for the floor, a synchronous loop). */
  setup(): Promise<{ call?: Caller; loop?: (ms: number) => number; close(): Promise<void> }>;
}

/** Keeps {@link IN_FLIGHT} calls going for `ms`; returns calls per second. */
async function drive(call: Caller, ms: number): Promise<number> {
  return (await driveCalls(call, ms)).rate;
}

function ourCaller(handle: (payload: string) => Promise<string | null>): Caller {
  return async (id) => {
    const answer = await handle(CALL_PARTS.head + id + CALL_PARTS.tail);
    if (answer === null || !answer.includes(NEEDLE)) throw new Error(`bad answer: ${answer}`);
    return answer;
  };
}

async function checkOurs(handle: (payload: string) => Promise<string | null>): Promise<void> {
  const answer = await handle(callMessage(1));
  if (!isGoodAnswer(JSON.parse(answer ?? 'null'))) throw new Error(`bad answer: ${answer}`);
}

const subjects: Record<string, Subject> = {
  ours: {
    name: 'ours',
    async setup() {
      const app = createApp();
      const handle = (payload: string) => app.handle(payload);
      await checkOurs(handle);
      return { call: ourCaller(handle), close: async () => {} };
    },
  },
  ref: {
    name: 'ref',
    async setup() {
      // The same server module, compiled against the --against build (its own declarative-mcp).
      const ours = require(join(ab.dir!, 'servers', 'ours.js')) as typeof import('./servers/ours');
      const app = ours.createApp();
      const handle = (payload: string) => app.handle(payload);
      await checkOurs(handle);
      return { call: ourCaller(handle), close: async () => {} };
    },
  },
  closure: {
    name: 'closure',
    async setup() {
      const core = createClosureCore();
      const handle = (payload: string) => core.handle(payload);
      await checkOurs(handle);
      // The same tool: the same answer, byte for byte.
      const decorated = await createApp().handle(callMessage(1));
      const closure = await handle(callMessage(1));
      if (closure !== decorated) throw new Error(`closure answers ${closure}, not ${decorated}`);
      return { call: ourCaller(handle), close: async () => {} };
    },
  },
  sdk: {
    name: 'sdk',
    async setup() {
      const server = createSdkServer();
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: 'bench', version: '1.0.0' });
      await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
      const call: Caller = async (_id) => {
        const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
        if (!isGoodAnswer({ result })) throw new Error(`bad answer: ${JSON.stringify(result)}`);
        return result;
      };
      const sample = await call(0);
      if (!isGoodAnswer({ result: sample }))
        throw new Error(`bad answer: ${JSON.stringify(sample)}`);
      return {
        call,
        close: async () => {
          await client.close();
          await server.close();
        },
      };
    },
  },
  sdkRaw: {
    name: 'sdkRaw',
    async setup() {
      const server = createSdkServer();
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const waiting = new Map<unknown, (json: string) => void>();
      clientSide.onmessage = (message: JSONRPCMessage) => {
        const id = (message as { id?: unknown }).id;
        const resolve = waiting.get(id);
        if (resolve === undefined) return;
        waiting.delete(id);
        resolve(JSON.stringify(message));
      };
      await server.connect(serverSide);
      await clientSide.start();
      // Text in, text out, like app.handle: parse the request, stringify the answer.
      const send = (payload: string): Promise<string> => {
        const message = JSON.parse(payload) as JSONRPCMessage;
        return new Promise((resolve) => {
          waiting.set((message as { id: unknown }).id, resolve);
          void clientSide.send(message);
        });
      };
      const init = await send(initializeMessage('init'));
      if (!init.includes('"result"')) throw new Error(`initialize failed: ${init}`);
      await clientSide.send(JSON.parse(INITIALIZED) as JSONRPCMessage);
      const sample = await send(callMessage(0));
      if (!isGoodAnswer(JSON.parse(sample))) throw new Error(`bad answer: ${sample}`);
      return {
        call: async (id) => {
          const answer = await send(CALL_PARTS.head + id + CALL_PARTS.tail);
          if (!answer.includes(NEEDLE)) throw new Error(`bad answer: ${answer}`);
          return answer;
        },
        close: async () => {
          await clientSide.close();
          await server.close();
        },
      };
    },
  },
  sdk2: {
    name: 'sdk2',
    async setup() {
      const server = new McpServer2({ name: 'bench', version: '1.0.0' });
      server.registerTool(
        'add',
        { description: 'Adds two numbers.', inputSchema: AddInput },
        ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
      );
      const [clientSide, serverSide] = InMemoryTransport2.createLinkedPair();
      const client = new Client2({ name: 'bench', version: '1.0.0' });
      await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
      const call: Caller = async (_id) => {
        const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
        if (!isGoodAnswer({ result })) throw new Error(`bad answer: ${JSON.stringify(result)}`);
        return result;
      };
      await call(0);
      return {
        call,
        close: async () => {
          await client.close();
          await server.close();
        },
      };
    },
  },
  floor: {
    name: 'floor',
    async setup() {
      const answer = JSON.parse(buildAnswer(JSON.parse(callMessage(1))));
      if (answer.result.content[0].text !== EXPECTED_TEXT) throw new Error('floor is wrong');
      const loop = (ms: number): number => {
        let count = 0;
        let id = 1;
        let bytes = 0;
        const start = performance.now();
        const end = start + ms;
        while (performance.now() < end) {
          for (let i = 0; i < 256; i++) {
            bytes += buildAnswer(JSON.parse(CALL_PARTS.head + id++ + CALL_PARTS.tail)).length;
          }
          count += 256;
        }
        if (bytes === 0) throw new Error('unreachable');
        return count / ((performance.now() - start) / 1000);
      };
      return { loop, close: async () => {} };
    },
  },
};

export interface InProcessResults {
  ours: Stats;
  /** The `--against` build's `app.handle` (A/B mode only). */
  ref?: Stats;
  sdk: Stats;
  sdkRaw: Stats;
  /** SDK v2 (`@modelcontextprotocol/server` + `/client`, 2.4.0) over its `InMemoryTransport`. */
  sdk2?: Stats;
  floor: Stats;
  /** Measurement 6: the decorated provider and the closure, run in back-to-back pairs. */
  paired: { ours: Stats; closure: Stats; overhead: Stats };
}

/** Pairs of runs for measurement 6 (short, alternating which goes first). */
export const PAIRS = 6;

/**
 * Runs ours, the SDK (both ways) and the floor `reps` times for `ms` each, interleaved, after one
 * short warm-up each; then measurement 6 as {@link PAIRS} back-to-back pairs of half as long,
 * alternating which goes first, so that drift of a shared, noisy machine cancels out of each
 * pair's ratio (the overhead is the median of the pairs' overheads).
 */
export async function measureInProcess(reps: number, ms: number): Promise<InProcessResults> {
  const names = ['ours', 'ref', 'closure', 'sdk', 'sdkRaw', 'sdk2', 'floor'].filter((name) =>
    wanted(name === 'ref' ? `ours${REF}` : name),
  );
  const measured = names.filter((name) => name !== 'closure');
  const runs: Record<string, number[]> = {};
  const ready: Record<string, Awaited<ReturnType<Subject['setup']>>> = {};
  for (const name of names) {
    ready[name] = await subjects[name]!.setup();
    runs[name] = [];
  }
  const once = async (name: string, duration: number): Promise<number> => {
    const subject = ready[name]!;
    collect();
    return subject.loop ? subject.loop(duration) : drive(subject.call!, duration);
  };
  for (const name of names) await once(name, Math.min(500, ms));
  for (let rep = 0; rep < reps; rep++) {
    for (const name of inTurn(measured, rep)) runs[name]!.push(await once(name, ms));
  }
  const pairs = { ours: [] as number[], closure: [] as number[], overhead: [] as number[] };
  for (let pair = 0; pair < (names.includes('closure') ? PAIRS : 0); pair++) {
    const first = pair % 2 === 0 ? 'ours' : 'closure';
    const second = first === 'ours' ? 'closure' : 'ours';
    const a = await once(first, ms / 2);
    const b = await once(second, ms / 2);
    const ours = first === 'ours' ? a : b;
    const closure = first === 'ours' ? b : a;
    pairs.ours.push(ours);
    pairs.closure.push(closure);
    pairs.overhead.push((closure / ours - 1) * 100);
  }
  for (const name of names) await ready[name]!.close();
  return {
    ours: stats(runs.ours!),
    ref: runs.ref && stats(runs.ref),
    sdk: stats(runs.sdk ?? []),
    sdkRaw: stats(runs.sdkRaw ?? []),
    sdk2: stats(runs.sdk2 ?? []),
    floor: stats(runs.floor ?? []),
    paired: {
      ours: stats(pairs.ours),
      closure: stats(pairs.closure),
      overhead: stats(pairs.overhead),
    },
  };
}
