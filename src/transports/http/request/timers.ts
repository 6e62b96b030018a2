/**
 * Lets a timer not keep the process alive where the runtime can say so (Node, Bun and Deno
 * timers have `unref`); elsewhere (Workers, browsers: a number) there is no process to keep.
 */
export function unref(timer: unknown): void {
  (timer as { unref?: () => void } | undefined)?.unref?.();
}
