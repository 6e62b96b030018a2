/**
 * Session mode from the pipeline (src/transports/http/pipeline/sessions.ts): taking back the
 * session of an `initialize` that failed. (Opening, the GET stream and DELETE are covered on a
 * server in test/transports/http/session.)
 */
import { rollBack } from '../../../../src/transports/http/pipeline/sessions';
import type { SessionEntry, SessionMode } from '../../../../src/transports/http/session';
import { RecordedReply } from '../recorded-reply';

function modeOf(log: string[]): SessionMode {
  return {
    store: { end: (entry: SessionEntry, reason: string) => log.push(`end ${entry.id}: ${reason}`) },
    records: {
      delete: (id: string) => {
        log.push(`delete ${id}`);
        return Promise.resolve();
      },
    },
  } as unknown as SessionMode;
}

const entry = { id: 'sess-1' } as SessionEntry;

test('ends the session, takes its header off the answer, deletes its record', async () => {
  const log: string[] = [];
  const reply = new RecordedReply();
  reply.header('Mcp-Session-Id', 'sess-1');
  reply.header('Vary', 'Origin');
  await rollBack(modeOf(log), entry, reply);
  expect(log).toEqual(['end sess-1: initialize failed.', 'delete sess-1']);
  expect(reply.headers).toEqual({ Vary: 'Origin' });
});

test('an answer already started keeps its headers; the record still goes', async () => {
  const log: string[] = [];
  const reply = new RecordedReply();
  reply.header('Mcp-Session-Id', 'sess-1');
  reply.stream({});
  await rollBack(modeOf(log), entry, reply);
  expect(log).toEqual(['end sess-1: initialize failed.', 'delete sess-1']);
  expect(reply.headers).toEqual({ 'Mcp-Session-Id': 'sess-1' });
});

test('settles with the delete', async () => {
  const mode = modeOf([]);
  const failure = new Error('store down');
  (mode.records as { delete: unknown }).delete = () => Promise.reject(failure);
  await expect(rollBack(mode, entry, new RecordedReply())).rejects.toBe(failure);
});
