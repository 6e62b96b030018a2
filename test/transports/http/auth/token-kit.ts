/**
 * What the token attack tests share: a key server (JWKS) and an introspection endpoint of the
 * test's own, each of which can be up, down (its port closed), hanging or failing with 500 and
 * counts what it is asked; tokens forged with node:crypto (RS256, and the attacks: `alg: none`,
 * HS256 keyed with the public key); and the server under attack, test/fixtures/token-server.js,
 * in a child process with --expose-gc (jose is ES-module only: it verifies there).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  createHmac,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { within } from '../../../helpers/within';

export { pool } from '../../../helpers/pool';

export const ISSUER = 'https://issuer.test/realms/acme';
export const AUDIENCE = 'https://mcp.test/mcp';
export const ACCEPT = 'application/json, text/event-stream';
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'attacker', version: '1.0.0' },
  },
});

export type Mode = 'up' | 'hang' | 'fail';

/** A dependency of the server under attack, run by the test: its mode and what it was asked. */
export interface Dependency {
  readonly url: string;
  /** Requests it received (a hanging one counts as it arrives). */
  asked: number;
  mode: Mode;
  /** Closes its port (connections are refused) until {@link up}. */
  down(): Promise<void>;
  /** Listens again on the same port, answering in `mode`. */
  up(mode?: Mode): Promise<void>;
  stop(): Promise<void>;
}

/** A node:http server on a fixed loopback port that can be closed and opened again. */
async function dependency(
  path: string,
  answer: (req: IncomingMessage, body: string, res: ServerResponse) => void,
): Promise<Dependency> {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const made = createServer((req, res) => {
        dep.asked += 1;
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on('end', () => {
          if (dep.mode === 'hang') return; // never answers
          if (dep.mode === 'fail') {
            res.writeHead(500, { 'content-type': 'text/plain' }).end('the server broke');
            return;
          }
          answer(req, body, res);
        });
      });
      made.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      made.once('error', reject);
      made.listen(port, '127.0.0.1', () => {
        port = (made.address() as AddressInfo).port;
        server = made;
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (server === undefined) return resolve();
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
      server = undefined;
    });
  const dep: Dependency = {
    url: '',
    asked: 0,
    mode: 'up',
    down: close,
    up: async (mode = 'up') => {
      dep.mode = mode;
      if (server === undefined) await listen();
    },
    stop: close,
  };
  await listen();
  (dep as { url: string }).url = `http://127.0.0.1:${port}${path}`;
  return dep;
}

/** An RSA signing key and its public JWK, as an authorization server publishes it. */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

export function signingKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid: randomBytes(8).toString('hex'), privateKey, publicKey };
}

/** A key server publishing `keys` at /jwks. */
export function keyServer(keys: readonly SigningKey[]): Promise<Dependency> {
  return dependency('/jwks', (_req, _body, res) => {
    const jwks = {
      keys: keys.map((key) => ({
        ...key.publicKey.export({ format: 'jwk' }),
        kid: key.kid,
        alg: 'RS256',
        use: 'sig',
      })),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
}

/** An RFC 7662 introspection endpoint for the client `mcp`/`s3cret`: `active` holds the live tokens and their claims. */
export function introspectionEndpoint(
  active: Map<string, Record<string, unknown>>,
): Promise<Dependency> {
  const client = `Basic ${Buffer.from('mcp:s3cret').toString('base64')}`;
  return dependency('/introspect', (req, body, res) => {
    if (req.headers.authorization !== client) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
      return;
    }
    const token = new URLSearchParams(body).get('token') ?? '';
    const claims = active.get(token);
    const answer = claims === undefined ? { active: false } : { active: true, ...claims };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
export const now = () => Math.floor(Date.now() / 1000);

/** Good claims for {@link AUDIENCE} from {@link ISSUER}, valid for an hour, with `extra` on top. */
export function claims(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: 'alice',
    scope: 'mcp',
    iat: now(),
    exp: now() + 3600,
    ...extra,
  };
}

/** An RS256 token signed by `key` (its `kid` unless the header says otherwise). */
export function rs256(
  key: SigningKey,
  payload: Record<string, unknown>,
  header: Record<string, unknown> = {},
): string {
  const input = `${b64({ alg: 'RS256', typ: 'at+jwt', kid: key.kid, ...header })}.${b64(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(key.privateKey);
  return `${input}.${signature.toString('base64url')}`;
}

/** `alg: none`: no signature at all. */
export function unsigned(key: SigningKey, payload: Record<string, unknown>): string {
  return `${b64({ alg: 'none', typ: 'at+jwt', kid: key.kid })}.${b64(payload)}.`;
}

/** HS256 keyed with the public key (as PEM text): verifies if a server lets the token choose HMAC. */
export function confused(key: SigningKey, payload: Record<string, unknown>): string {
  const input = `${b64({ alg: 'HS256', typ: 'at+jwt', kid: key.kid })}.${b64(payload)}`;
  const secret = key.publicKey.export({ format: 'pem', type: 'spki' });
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** The server under attack, in its own process. */
export interface Target {
  readonly url: string;
  readonly base: string;
  /** What onError was told, in order. */
  readonly notices: { notice: string; stackless: boolean }[];
  /** Heap (after GC) and RSS of the server process, in bytes. */
  memory(): Promise<{ heap: number; rss: number }>;
  /** Resolves once onError was told `count` things. */
  told(count: number, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

const FIXTURE = join(__dirname, '..', '..', '..', 'fixtures', 'token-server.js');

export async function startTarget(options: Record<string, unknown>): Promise<Target> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', FIXTURE, JSON.stringify(options)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const notices: { notice: string; stackless: boolean }[] = [];
  const waiters: (() => void)[] = [];
  const url = await within(
    new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        const value = JSON.parse(line) as { url?: string; notice?: string; stackless?: boolean };
        if (value.url !== undefined) resolve(value.url);
        else {
          notices.push({ notice: value.notice!, stackless: value.stackless! });
          for (const wake of waiters.splice(0)) wake();
        }
      });
      child.once('exit', (code) => reject(new Error(`the token server exited (${code})`)));
    }),
    20_000,
    'the token server did not start',
  );
  const base = url.slice(0, -'/mcp'.length);
  const told = async (count: number, ms = 10_000): Promise<void> => {
    const until = Date.now() + ms;
    while (notices.length < count) {
      if (Date.now() > until) {
        throw new Error(
          `onError was told ${notices.length} things, not ${count}: ${JSON.stringify(notices)}`,
        );
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return {
    url,
    base,
    notices,
    told,
    memory: async () =>
      (await (await fetch(`${base}/heap`)).json()) as { heap: number; rss: number },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** An `initialize` POST with `token` as the bearer token (none when undefined). */
export async function initializeWith(
  url: string,
  token: string | undefined,
): Promise<{ status: number; headers: Headers; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: ACCEPT,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: INITIALIZE,
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

export const MiB = 1024 * 1024;

/** A `503` answer naming `component`, with `Retry-After`: "try again", not "internal error". */
export function expectUnavailable(
  answer: { status: number; headers: Headers; body: string },
  component: string,
): void {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(JSON.parse(answer.body)).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32000,
      message: `Service Unavailable: ${component} cannot be reached; try again shortly`,
    },
  });
}
