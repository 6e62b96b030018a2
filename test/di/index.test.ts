/**
 * Provider instances (src/di): resolved from a typedi Container or ContainerInstance (constructor
 * injection of repositories and services), or constructed once with no arguments.
 */
import 'reflect-metadata';
import { ConfigurationError, Context, McpApplication, Tool, ToolError } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { Container, Service } from 'typedi';
import { z } from 'zod';

interface Order {
  id: number;
  status: 'open' | 'cancelled';
}

@Service()
class OrderRepository {
  private readonly orders = new Map<number, Order>([
    [42, { id: 42, status: 'open' }],
    [7, { id: 7, status: 'cancelled' }],
  ]);
  find(id: number): Order | undefined {
    return this.orders.get(id);
  }
  save(order: Order): void {
    this.orders.set(order.id, order);
  }
}

@Service()
class OrderService {
  constructor(readonly repository: OrderRepository) {}
  cancel(id: number, by: string): string {
    const order = this.repository.find(id);
    if (order === undefined) throw new ToolError(`No order ${id}.`);
    if (order.status === 'cancelled') throw new ToolError(`Order ${id} is already cancelled.`);
    this.repository.save({ ...order, status: 'cancelled' });
    return `Order ${id} cancelled by ${by}.`;
  }
}

@Service()
class OrderTools {
  constructor(readonly orders: OrderService) {}

  @Tool({ description: 'Cancel an order.', input: z.object({ order: z.number().int() }) })
  cancel({ order }: { order: number }, @Context() session: { user: string }) {
    return this.orders.cancel(order, session.user);
  }

  @Tool({ input: z.object({ order: z.number().int() }) })
  status({ order }: { order: number }) {
    return this.orders.repository.find(order)?.status ?? 'unknown';
  }
}

describe('typedi', () => {
  it('resolves the provider and what it injects from the global Container', async () => {
    const app = McpApplication.create({
      name: 'Orders',
      version: '1',
      providers: [OrderTools],
      container: Container,
    });
    const client = await connect(app, { user: 'ada' });
    expect(await client.callTool('cancel', { order: 42 })).toEqual({
      content: [{ type: 'text', text: 'Order 42 cancelled by ada.' }],
      isError: false,
    });
    expect(await client.callTool('cancel', { order: 42 })).toEqual({
      content: [{ type: 'text', text: 'Order 42 is already cancelled.' }],
      isError: true,
    });
    // The container's own singleton is the one the tools used.
    expect(Container.get(OrderRepository).find(42)?.status).toBe('cancelled');
  });

  it('resolves from a ContainerInstance: its own services, separate from other containers', async () => {
    const tenantA = Container.of('tenant-a');
    const tenantB = Container.of('tenant-b');
    const appA = McpApplication.create({
      name: 'A',
      version: '1',
      providers: [OrderTools],
      container: tenantA,
    });
    const appB = McpApplication.create({
      name: 'B',
      version: '1',
      providers: [OrderTools],
      container: tenantB,
    });
    const a = await connect(appA, { user: 'ada' });
    const b = await connect(appB, { user: 'bob' });
    expect(await a.callTool('status', { order: 42 })).toEqual({
      content: [{ type: 'text', text: 'open' }],
      isError: false,
    });
    expect(await a.callTool('cancel', { order: 42 })).toEqual({
      content: [{ type: 'text', text: 'Order 42 cancelled by ada.' }],
      isError: false,
    });
    // Tenant B has its own repository: order 42 is still open there.
    expect(await b.callTool('status', { order: 42 })).toEqual({
      content: [{ type: 'text', text: 'open' }],
      isError: false,
    });
    expect(tenantA.get(OrderRepository)).not.toBe(tenantB.get(OrderRepository));
    expect(tenantA.get(OrderRepository).find(42)?.status).toBe('cancelled');
  });

  it('uses an instance registered in the container (e.g. a test double)', async () => {
    const container = Container.of('with-double');
    const double = new OrderRepository();
    double.save({ id: 42, status: 'cancelled' });
    container.set(OrderRepository, double);
    const client = await connect(
      McpApplication.create({ name: 'D', version: '1', providers: [OrderTools], container }),
      { user: 'ada' },
    );
    expect(await client.callTool('status', { order: 42 })).toEqual({
      content: [{ type: 'text', text: 'cancelled' }],
      isError: false,
    });
  });

  it('a provider without @Service() and without constructor arguments is constructed directly', async () => {
    let constructed = 0;
    class Plain {
      constructor() {
        constructed += 1;
      }
      @Tool() ping() {
        return 'pong';
      }
    }
    const app = McpApplication.create({
      name: 'x',
      version: '1',
      providers: [Plain],
      container: Container,
    });
    expect(constructed).toBe(1);
    const client = await connect(app);
    expect(await client.callTool('ping', {})).toEqual({
      content: [{ type: 'text', text: 'pong' }],
      isError: false,
    });
    expect(constructed).toBe(1);
  });

  it('a provider the container cannot build is a start-up error that says what to do', () => {
    class Helper {}
    class NotAService {
      constructor(readonly helper: Helper) {}
      @Tool() run() {}
    }
    let caught: unknown;
    try {
      McpApplication.create({
        name: 'x',
        version: '1',
        providers: [NotAService],
        container: Container,
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as Error).message).toContain(
      'Provider NotAService: the container could not build it',
    );
    expect((caught as Error).message).toContain('@Service()');
  });
});

describe('without a container', () => {
  it('a no-argument provider is constructed once, however many calls', async () => {
    let constructed = 0;
    const instances = new Set<unknown>();
    class Counter {
      private count = 0;
      constructor() {
        constructed += 1;
      }
      @Tool() next() {
        instances.add(this);
        this.count += 1;
        return String(this.count);
      }
    }
    expect(constructed).toBe(0);
    const app = McpApplication.create({ name: 'c', version: '1', providers: [Counter] });
    expect(constructed).toBe(1);
    const client = await connect(app);
    const results = await Promise.all(Array.from({ length: 50 }, () => client.callTool('next')));
    expect(
      results.map((r) => (r.content[0] as { text: string }).text).sort((a, b) => +a - +b),
    ).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 1)));
    await client.listTools();
    expect(constructed).toBe(1);
    expect(instances.size).toBe(1);
  });

  it('each application gets its own instance', async () => {
    let constructed = 0;
    class Tools {
      constructor() {
        constructed += 1;
      }
      @Tool() run() {
        return 'ok';
      }
    }
    McpApplication.create({ name: 'a', version: '1', providers: [Tools] });
    McpApplication.create({ name: 'b', version: '1', providers: [Tools] });
    expect(constructed).toBe(2);
  });
});
