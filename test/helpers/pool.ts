/** Runs `task(i)` for i < count, `concurrency` at a time (a flood of bounded width). */
export async function pool(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next;
      next += 1;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
