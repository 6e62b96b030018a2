/** The Skills extension's identifiers on the wire (SEP-2640). */
import { DIRECTORY_MIME_TYPE, SKILLS_EXTENSION } from '../../src/core/skills';

test('the extension key and the MIME type of a directory resource', () => {
  expect(SKILLS_EXTENSION).toBe('io.modelcontextprotocol/skills');
  expect(DIRECTORY_MIME_TYPE).toBe('inode/directory');
});
