/**
 * The pipeline: routes a request through the checks, authentication and sessions, and answers
 * it (`post.ts` for POSTs). The faces (`node/`, `fetch/`) describe their requests as an `HttpRequest`, take the answer
 * through a `Reply`, and hold no policy.
 */
export { type Face, HttpEndpoint } from './endpoint';
