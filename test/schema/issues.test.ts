/** Issue paths and the single message a model reads when its arguments are refused. */
import { formatIssues, joinPath } from '../../src/schema';

describe('joinPath', () => {
  it.each([
    [[], ''],
    [['city'], 'city'],
    [['address', 'city'], 'address.city'],
    [['items', 2], 'items[2]'],
    [['items', 2, 'tags', 0], 'items[2].tags[0]'],
    [[0, 'name'], '[0].name'],
  ] as const)('%j → %j', (segments, path) => {
    expect(joinPath(segments)).toBe(path);
  });
});

describe('formatIssues', () => {
  it('names each bad field in one message', () => {
    expect(
      formatIssues([
        { path: 'city', message: 'Required' },
        { path: 'days', message: 'Number must be at most 14' },
      ]),
    ).toBe('Invalid arguments: city: Required; days: Number must be at most 14');
  });

  it('gives a root issue without a path', () => {
    expect(formatIssues([{ path: '', message: 'Expected an object, received string' }])).toBe(
      'Invalid arguments: Expected an object, received string',
    );
  });

  it('takes another prefix, and says something even with no issues', () => {
    expect(formatIssues([{ path: 'items[2]', message: 'must be string' }], 'Invalid result')).toBe(
      'Invalid result: items[2]: must be string',
    );
    expect(formatIssues([])).toBe('Invalid arguments');
  });
});
