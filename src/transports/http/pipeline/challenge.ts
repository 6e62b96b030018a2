import { type AuthRefusal, bearerChallenge, metadataUrl, oauthOf, resourceOf } from '../auth';
import type { ResolvedOptions } from '../options';
import { type HttpRequest, Refusal } from '../request';
import { pathOf } from './target';

/** The options a challenge reads: where the metadata is, the endpoint's path, the hook's scopes. */
export type ChallengeOptions = Pick<
  ResolvedOptions<unknown>,
  'resourceMetadata' | 'path' | 'authenticate'
>;

/**
 * `401` (no token, or `invalid_token`) or `403` (`insufficient_scope`), with the challenge that
 * points OAuth-aware clients at the metadata (RFC 6750 §3, RFC 9728 §5.1).
 */
export function challenge(
  options: ChallengeOptions,
  request: HttpRequest,
  refusal: AuthRefusal | undefined,
): Refusal {
  const metadata = options.resourceMetadata;
  const location =
    metadata === undefined
      ? undefined
      : metadataUrl(resourceOf(request, metadata, options.path ?? pathOf(request.target)));
  const message =
    refusal?.status === 403
      ? `Forbidden: the access token lacks the scope ${refusal.scopes.join(' ')}`
      : 'Unauthorized: a valid bearer token is required';
  return new Refusal(refusal?.status ?? 401, message, undefined, {
    'WWW-Authenticate': bearerChallenge(location, refusal, oauthOf(options.authenticate)?.scopes),
  });
}
