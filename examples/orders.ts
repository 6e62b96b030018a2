/**
 * The seed's orders server: who is calling comes from an environment token, resolved once at
 * start-up and passed as every call's context; the `cancel` tool needs the `orders:write` scope.
 * The tools class gets its service, and the service its repository, from typedi.
 *
 *   npm run build
 *   printf '%s\n' \
 *     '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}' \
 *     '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"cancel","arguments":{"order":42}}}' \
 *     | ORDERS_TOKEN=ada-token node build/examples/orders.js
 */
import { Context, McpApplication, serveStdio, Tool, ToolError } from 'declarative-mcp';
import { Container, Service } from 'typedi';

/** Who is calling, and what they may do. */
export interface Identity {
  readonly id: string;
  readonly scopes: readonly string[];
}

/**
 * What every call receives as its context: the default authorization reads `identity.scopes`.
 * Over stdio it is `{ identity }`, built once at start-up; over Streamable HTTP (`npm start`,
 * examples/start.ts) it is the transport's `HttpSession`, whose `identity` is what `bearerAuth`
 * found for the request's token.
 */
export interface Session {
  readonly identity: Identity;
}

/** A small static token table; a real server would ask its identity provider. */
export const TOKENS: ReadonlyMap<string, Identity> = new Map([
  ['ada-token', { id: 'ada', scopes: ['orders:write'] }],
  ['bob-token', { id: 'bob', scopes: [] }],
]);

/** The identity behind a token, or undefined for a missing or unknown one. */
export function resolveToken(token: string | undefined): Identity | undefined {
  return token === undefined ? undefined : TOKENS.get(token);
}

export interface Order {
  readonly id: number;
  readonly item: string;
  status: 'open' | 'cancelled';
  cancelledBy?: string;
}

@Service()
export class OrderRepository {
  private readonly orders = new Map<number, Order>([
    [41, { id: 41, item: 'Espresso machine', status: 'open' }],
    [42, { id: 42, item: 'Coffee beans, 1 kg', status: 'open' }],
    [43, { id: 43, item: 'Milk frother', status: 'open' }],
  ]);

  all(): Order[] {
    return [...this.orders.values()];
  }

  find(id: number): Order | undefined {
    return this.orders.get(id);
  }
}

@Service()
export class OrderService {
  constructor(private readonly repository: OrderRepository) {}

  list(): Order[] {
    return this.repository.all();
  }

  /** Cancels an open order; a missing or already cancelled one is the caller's mistake. */
  cancel(id: number, by: Identity): Order {
    const order = this.repository.find(id);
    if (order === undefined) throw new ToolError(`There is no order ${id}.`);
    if (order.status === 'cancelled') throw new ToolError(`Order ${id} is already cancelled.`);
    order.status = 'cancelled';
    order.cancelledBy = by.id;
    return order;
  }
}

/** The seed's schema, as plain JSON Schema: passed to clients unchanged, checked with ajv. */
const CancelInput = {
  type: 'object',
  properties: { order: { type: 'integer', minimum: 1, description: 'The order number, e.g. 42.' } },
  required: ['order'],
  additionalProperties: false,
};

@Service()
export class OrdersTools {
  constructor(private readonly orders: OrderService) {}

  @Tool({ description: 'List the orders.', annotations: { readOnlyHint: true } })
  list_orders(): string {
    return this.orders
      .list()
      .map((order) => `#${order.id} ${order.item} (${order.status})`)
      .join('\n');
  }

  @Tool({
    description: 'Cancel an order.',
    input: CancelInput,
    scopes: ['orders:write'],
    annotations: { destructiveHint: true, idempotentHint: false },
  })
  cancel({ order }: { order: number }, @Context() session: Session): string {
    this.orders.cancel(order, session.identity);
    return `Order ${order} cancelled by ${session.identity.id}.`;
  }
}

export const app = McpApplication.create<Session>({
  name: 'Orders',
  version: '1.0.0',
  providers: [OrdersTools],
  container: Container,
});

if (require.main === module) {
  const identity = resolveToken(process.env.ORDERS_TOKEN);
  if (identity === undefined) {
    // No valid token: refuse to start (seed 001, "Who is calling").
    process.stderr.write(
      'ORDERS_TOKEN is missing or invalid: set it to a known token (for example ORDERS_TOKEN=ada-token).\n',
    );
    process.exitCode = 1;
  } else {
    serveStdio(app, { context: { identity } }).then((code) => {
      process.exitCode = code;
    });
  }
}
