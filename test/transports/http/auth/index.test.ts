/** The auth group's face (src/transports/http/auth/index.ts): exactly these runtime exports, each the defining module's. */
import * as face from '../../../../src/transports/http/auth';
import {
  bearerAuth,
  bearerToken,
  defaultIdentityKey,
} from '../../../../src/transports/http/auth/bearer';
import { introspectionAuth } from '../../../../src/transports/http/auth/introspection';
import { jwtAuth } from '../../../../src/transports/http/auth/jwt';
import {
  METADATA_PATH,
  metadataUrl,
  protectedResource,
  resourceOf,
  serveMetadata,
} from '../../../../src/transports/http/auth/metadata';
import {
  audienceProblem,
  describeOAuth,
  LOOPBACK_RESOURCE,
  oauthOf,
} from '../../../../src/transports/http/auth/oauth';
import { AuthRefusal, bearerChallenge } from '../../../../src/transports/http/auth/refusal';
import { expectFace } from '../../../helpers/face';

test('the face exports exactly these values', () => {
  expectFace(face, {
    AuthRefusal,
    audienceProblem,
    bearerAuth,
    bearerChallenge,
    bearerToken,
    defaultIdentityKey,
    describeOAuth,
    introspectionAuth,
    jwtAuth,
    LOOPBACK_RESOURCE,
    METADATA_PATH,
    metadataUrl,
    oauthOf,
    protectedResource,
    resourceOf,
    serveMetadata,
  });
});
