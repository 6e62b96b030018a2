/** MCP Apps (2026-01-26): its identifiers, and whether a client's capabilities declare it. */
import fc from 'fast-check';
import { APP_MIME_TYPE, APPS_EXTENSION, supportsApps } from '../../src/core/apps';

describe('MCP Apps', () => {
  it('the extension key and the view MIME type', () => {
    expect(APPS_EXTENSION).toBe('io.modelcontextprotocol/ui');
    expect(APP_MIME_TYPE).toBe('text/html;profile=mcp-app');
  });

  it('declared: extensions[ui].mimeTypes includes the view type', () => {
    expect(
      supportsApps({
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/plain', APP_MIME_TYPE] } },
      }),
    ).toBe(true);
  });

  it('not declared: no capabilities, no extension, no mimeTypes, another type, wrong shapes', () => {
    for (const capabilities of [
      undefined,
      {},
      { extensions: null },
      { extensions: [] },
      { extensions: { 'io.modelcontextprotocol/ui': {} } },
      { extensions: { 'io.modelcontextprotocol/ui': true } },
      { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: 'text/html;profile=mcp-app' } } },
      { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html'] } } },
      { extensions: { 'io.modelcontextprotocol/apps': { mimeTypes: [APP_MIME_TYPE] } } },
      { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME_TYPE] } },
    ]) {
      expect(supportsApps(capabilities as never)).toBe(false);
    }
  });

  it('never throws on any JSON (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => typeof supportsApps(value as never) === 'boolean'),
    );
  });
});
