import {
  MemoryBus,
  MemoryDefinitions,
  MemoryEvents,
  MemoryRecords,
} from '../../src/adapter/memory-stores';

describe('MemoryBus', () => {
  it('delivers after the publisher’s turn, to each subscription, until it stops', async () => {
    const bus = new MemoryBus();
    const got: string[] = [];
    const listener = (message: string) => got.push(message);
    const stopFirst = await bus.subscribe('c', listener);
    await bus.subscribe('c', listener);
    const sent = bus.publish('c', 'one');
    expect(got).toEqual([]);
    await sent;
    expect(got).toEqual(['one', 'one']);
    await stopFirst();
    await bus.publish('c', 'two');
    await bus.publish('other', 'nobody');
    expect(got).toEqual(['one', 'one', 'two']);
  });
});

describe('MemoryEvents', () => {
  it('keeps the latest `cap` events per stream and resumes after an id', async () => {
    const events = new MemoryEvents(2, 60_000);
    const first = await events.append('s', 'a');
    await events.append('s', 'b');
    const third = await events.append('s', 'c');
    expect(first).toBe('s:1');
    expect(events.streamOf(third)).toBe('s');
    expect(await events.after(first)).toEqual([
      { id: 's:2', data: 'b' },
      { id: 's:3', data: 'c' },
    ]);
    expect(await events.after(third)).toEqual([]);
  });

  it('does not know ids it did not make', async () => {
    const events = new MemoryEvents(2, 60_000);
    expect(events.streamOf('nocolon')).toBeUndefined();
    expect(events.streamOf(':1')).toBeUndefined();
    expect(events.streamOf('s:x')).toBeUndefined();
    expect(await events.after('unknown:3')).toBeUndefined();
  });
});

describe('MemoryDefinitions and MemoryRecords', () => {
  it('records enabled states', async () => {
    const definitions = new MemoryDefinitions();
    await definitions.set('tool:a', false);
    await definitions.set('tool:b', true);
    expect(await definitions.all()).toEqual({ 'tool:a': false, 'tool:b': true });
  });

  it('stores copies; add only when empty; delete says whether it was there', async () => {
    const records = new MemoryRecords();
    const value = { n: 1 };
    await records.set('k', value);
    value.n = 2;
    expect(await records.get('k')).toEqual({ n: 1 });
    expect(await records.add('k', { n: 3 })).toBe(false);
    expect(await records.delete('k')).toBe(true);
    expect(await records.delete('k')).toBe(false);
    expect(await records.add('k', { n: 3 })).toBe(true);
    expect(await records.get('k')).toEqual({ n: 3 });
  });
});
