import type { RecordStore } from '../adapter';
import { ErrorCode, type JsonObject } from '../core';
import {
  answerKey,
  beatKey,
  cancelKey,
  endKey,
  remaining,
  type TaskRecord,
  taskKey,
} from './record';
import { isTerminal } from './task';

/**
 * The stored tasks `ids` with what other processes added (cancellation, answers, a missed
 * heartbeat), as `owner` may see them (undefined: unknown, expired or another's; `owner`
 * undefined: anyone's). One read for all of them; a waiting task's answers, and settling a lost
 * task, cost one more each.
 */
export async function viewTasks(
  records: RecordStore,
  ids: readonly string[],
  owner: string | undefined,
  lease: number,
): Promise<(TaskRecord | undefined)[]> {
  const values = await records.many(
    ids.flatMap((id) => [taskKey(id), cancelKey(id), endKey(id), beatKey(id)]),
  );
  return Promise.all(
    ids.map((_, i) => {
      const [record, cancel, ended, beat] = values.slice(i * 4, i * 4 + 4);
      return settle(records, record as TaskRecord | undefined, owner, lease, {
        cancelled: cancel !== undefined,
        ended,
        beating: beat !== undefined,
      });
    }),
  );
}

async function settle(
  records: RecordStore,
  record: TaskRecord | undefined,
  owner: string | undefined,
  lease: number,
  seen: { cancelled: boolean; ended: unknown; beating: boolean },
): Promise<TaskRecord | undefined> {
  if (record === undefined || (owner !== undefined && record.owner !== owner)) return undefined;
  if (isTerminal(record.status)) return record;
  if (seen.cancelled) {
    return {
      ...record,
      status: 'cancelled',
      statusMessage: 'Cancelled.',
      inputRequests: undefined,
    };
  }
  // Once lost, lost for good: a runner that comes back and beats again changes nothing.
  const silent = seen.ended === undefined && !seen.beating;
  if (seen.ended === 'lost' || (silent && (await lost(records, record)))) {
    return {
      ...record,
      status: 'failed',
      statusMessage: `Contact with the process running this task was lost (no heartbeat for ${lease} ms, taskLease).`,
      error: {
        code: ErrorCode.INTERNAL_ERROR,
        message: 'Contact with the process running this task was lost before it finished.',
      },
      inputRequests: undefined,
    };
  }
  if (record.status === 'input_required' && record.inputRequests !== undefined) {
    // Answers another process took in but the runner has not yet seen are no longer pending.
    const keys = Object.keys(record.inputRequests);
    const answers = await records.many(keys.map((key) => answerKey(record.id, key)));
    const pending: Record<string, JsonObject> = {};
    keys.forEach((key, i) => {
      if (answers[i] === undefined) pending[key] = record.inputRequests![key]!;
    });
    if (Object.keys(pending).length === 0) {
      return { ...record, status: 'working', inputRequests: undefined };
    }
    return { ...record, inputRequests: pending };
  }
  return record;
}

/**
 * Whether a silent runner's task is lost for good: the first process to find the lease run out
 * settles its end, so a runner that comes back later cannot change it; a runner that settled
 * first is storing its final state (not lost).
 */
async function lost(records: RecordStore, record: TaskRecord): Promise<boolean> {
  if (await records.add(endKey(record.id), 'lost', remaining(record))) return true;
  return (await records.get(endKey(record.id))) === 'lost';
}
