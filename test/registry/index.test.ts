/** The registry's face (src/registry/index.ts): exactly these runtime exports. */
import * as registry from '../../src/registry';
import { McpApplication } from '../../src/registry/application';
import { defaultAuthorize } from '../../src/registry/authorize';
import { parseUriTemplate } from '../../src/registry/uri-template';
import { expectFace } from '../helpers/face';

test('the face exports exactly these values, each the defining module’s', () => {
  expectFace(registry, { McpApplication, defaultAuthorize, parseUriTemplate });
});
