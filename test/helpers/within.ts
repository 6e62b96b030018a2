/**
 * Waits for `promise`, but no longer than `ms`: past that it rejects with `message`, so a test that
 * waits on an event fails with its own reason instead of ending through jest's timeout.
 */
export function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} (waited ${ms} ms)`)), ms);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}
