/**
 * The pipeline: routes a request through the checks, authentication and sessions, and answers
 * it (`post.ts` for POSTs). The faces (`node/`) hand requests to it and hold no policy.
 */
export { HttpEndpoint } from './endpoint';
