/**
 * The auth group: the `authenticate` hook's contract, bearer tokens (static, JWT, introspection),
 * refusals with their `WWW-Authenticate` challenge, and RFC 9728 protected-resource metadata.
 */
export type {
  AnyRequest,
  Authenticate,
  AuthenticateInfo,
  FetchAuthenticate,
  HeaderAuthenticate,
} from './authenticate';
export {
  type BearerTokens,
  type BearerVerify,
  bearerAuth,
  bearerToken,
  defaultIdentityKey,
} from './bearer';
export type { OAuthIdentity } from './claims';
export { type IntrospectionAuthOptions, introspectionAuth } from './introspection';
export { type JwtAuthOptions, jwtAuth } from './jwt';
export {
  METADATA_PATH,
  metadataUrl,
  type ProtectedResourceMetadataOptions,
  protectedResource,
  resourceOf,
  serveMetadata,
} from './metadata';
export { audienceProblem, describeOAuth, LOOPBACK_RESOURCE, oauthOf } from './oauth';
export { AuthRefusal, bearerChallenge } from './refusal';
