import 'reflect-metadata';
import { Resource } from '../../decorators';
import type { DocumentSet } from './documents';

/**
 * The documentation pages as fixed resources, one `@Resource` per page found at start-up. The
 * pages are only known then, so the decorator is applied by hand to methods added to a fresh
 * class: the same record a decorated method leaves, and an exact URI for each page. A URI the
 * client makes up (`declarative-mcp://docs/../../etc/passwd`) matches none of them and is
 * `-32002 Resource not found`: no client string is ever joined into a file path.
 *
 * Returns undefined when there are no pages (a provider must register something).
 */
export function docsProvider(documents: DocumentSet): (new () => object) | undefined {
  if (documents.pages.length === 0) return undefined;
  class DevtoolsDocs {}
  documents.pages.forEach((page, index) => {
    const method = `page${index}`;
    Object.defineProperty(DevtoolsDocs.prototype, method, {
      value: () => page.text,
      writable: true,
      configurable: true,
    });
    Resource({
      uri: page.uri,
      name: page.path,
      title: page.title,
      description: `declarative-mcp documentation: ${page.title}`,
      mimeType: 'text/markdown',
      size: Buffer.byteLength(page.text, 'utf8'),
    })(DevtoolsDocs.prototype, method);
  });
  return DevtoolsDocs;
}
