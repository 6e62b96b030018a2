/** A task's status (src/tasks/task.ts): which of the five are terminal. */
import { isTerminal, type TaskStatus } from '../../src/tasks/task';

test.each<[TaskStatus, boolean]>([
  ['working', false],
  ['input_required', false],
  ['completed', true],
  ['failed', true],
  ['cancelled', true],
])('%s is terminal: %s', (status, terminal) => {
  expect(isTerminal(status)).toBe(terminal);
});
