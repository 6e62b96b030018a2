/**
 * The one-line summaries the export index shows: the first sentence of a TSDoc comment, with
 * `{@link}` reduced to its text, not cut at "e.g." or inside a code span.
 */
import { summaryOf } from '../../src/devtools/tsdoc';

test.each([
  [
    'Registers a method as an MCP tool. Its input schema comes from…',
    'Registers a method as an MCP tool.',
  ],
  ['Options of {@link McpApplication.create}.', 'Options of McpApplication.create.'],
  ['See {@link Foo | the foo} now.', 'See the foo now.'],
  ['Sends it (e.g. `a.b`) on. More.', 'Sends it (e.g. `a.b`) on.'],
  ['Uses `x. y` inside code. Then more.', 'Uses `x. y` inside code.'],
  ['First line\nwraps here.\n\nSecond paragraph.', 'First line wraps here.'],
  ['No full stop', 'No full stop'],
])('summaryOf(%j) is %j', (doc, summary) => {
  expect(summaryOf(doc)).toBe(summary);
});
