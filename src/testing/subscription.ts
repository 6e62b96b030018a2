import type { Mcp } from 'declarative-mcp';

/** What {@link TestClient.listen} asks to be told about (MCP 2026-07-28 `subscriptions/listen`). */
export interface ListenFilter {
  /** `notifications/tools/list_changed`. */
  toolsListChanged?: boolean;
  /** `notifications/prompts/list_changed`. */
  promptsListChanged?: boolean;
  /** `notifications/resources/list_changed`. */
  resourcesListChanged?: boolean;
  /** `notifications/resources/updated` for these URIs. */
  resourceSubscriptions?: string[];
  /** `notifications/tasks` for these tasks of the caller (2026-07-28, tasks extension). */
  taskIds?: string[];
}

/**
 * An open subscription: the notifications it receives, in order, as an async iterable that
 * ends when the subscription is closed (by {@link Subscription.close} or by the server).
 */
export interface Subscription extends AsyncIterable<Mcp.JsonObject> {
  /** What the server agreed to send (`notifications/subscriptions/acknowledged`'s `notifications`). */
  readonly acknowledged: Mcp.JsonObject;
  /** Every notification received so far, in order. */
  readonly received: readonly Mcp.JsonObject[];
  /** Closes the subscription: the iteration ends. */
  close(): Promise<void>;
}

/** A queue of notifications read by one async iteration at a time. */
export class NotificationQueue implements AsyncIterable<Mcp.JsonObject> {
  readonly received: Mcp.JsonObject[] = [];
  private read = 0;
  private ended = false;
  private wake: (() => void) | undefined;

  push(message: Mcp.JsonObject): void {
    if (this.ended) return;
    this.received.push(message);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Mcp.JsonObject> {
    for (;;) {
      if (this.read < this.received.length) {
        yield this.received[this.read++]!;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }
}
