/**
 * How a Nest HttpException reads when a tool throws it: the text of the isError result.
 */
import { BadRequestException, ForbiddenException, HttpException, HttpStatus } from '@nestjs/common';
import { ToolError } from '../../src';
import { describeHttpException, nestHttpExceptions } from '../../src/nestjs';

test.each([
  [new ForbiddenException('You may not.'), 'Forbidden (403): You may not.'],
  // ValidationPipe answers a list of messages.
  [
    new BadRequestException(['id must be an integer', 'note is too long']),
    'Bad Request (400): id must be an integer; note is too long',
  ],
  [new HttpException('I am a teapot', HttpStatus.I_AM_A_TEAPOT), 'HTTP 418: I am a teapot'],
  [new HttpException({ reason: 'custom body' }, 409), 'HTTP 409: Http Exception'],
])('%# reads as the text after it', (error, text) => {
  expect(describeHttpException(error)).toBe(text);
});

test('the interceptor turns HttpException into ToolError and lets anything else through', async () => {
  const invocation = {} as never;
  const refused = await nestHttpExceptions(invocation, () =>
    Promise.reject(new ForbiddenException('No.')),
  ).catch((error: unknown) => error);
  expect(ToolError.is(refused)).toBe(true);
  expect((refused as Error).message).toBe('Forbidden (403): No.');
  const other = new Error('boom');
  await expect(nestHttpExceptions(invocation, () => Promise.reject(other))).rejects.toBe(other);
  await expect(nestHttpExceptions(invocation, () => Promise.resolve('ok'))).resolves.toBe('ok');
});
