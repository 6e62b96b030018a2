/**
 * Lets a timer not keep the process alive where the runtime can say so (Node, Bun and Deno
 * timers have `unref`); elsewhere (Workers, browsers: a number) there is no process to keep.
 */
export function unref(timer: unknown): void {
  (timer as { unref?: () => void } | undefined)?.unref?.();
}

/**
 * Runs `task` once the event loop turns, after every pending microtask: `setImmediate` where the
 * runtime has it (Node, Bun, Deno), else a zero timer (Workers, browsers).
 */
export const nextTurn: (task: () => void) => void =
  typeof setImmediate === 'function'
    ? (task) => {
        setImmediate(task);
      }
    : (task) => {
        setTimeout(task, 0);
      };
