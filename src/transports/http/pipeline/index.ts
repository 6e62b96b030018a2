/**
 * The pipeline: decides on a request and answers it. `endpoint.ts` holds the state and its
 * start-up; `route.ts` routes a request through the checks and authentication (`target.ts` reads
 * its target, `challenge.ts` writes the 401/403); `post.ts` answers POSTs (`read.ts` reads the
 * message, `post-answers.ts` holds the transport's own answers); `sessions.ts` is session mode;
 * `broadcast.ts` sends what is not an answer; `failures.ts` and `shutdown.ts` are the unexpected
 * error and the close. The faces (`node/`, `fetch/`) describe their requests as an `HttpRequest`,
 * take the answer through a `Reply`, and hold no policy.
 */
export { type Face, HttpEndpoint } from './endpoint';
