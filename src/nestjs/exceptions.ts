import { HttpException } from '@nestjs/common';
import type { Interceptor } from 'declarative-mcp';
import { ToolError } from '../core';

/** The readable text of a Nest `HttpException`: its message(s), its status. */
export function describeHttpException(error: HttpException): string {
  const status = error.getStatus();
  const response = error.getResponse();
  let text = error.message;
  let name: string | undefined;
  if (typeof response === 'string') text = response;
  else if (typeof response === 'object' && response !== null) {
    const { message, error: label } = response as { message?: unknown; error?: unknown };
    // ValidationPipe and friends answer a list of messages.
    if (Array.isArray(message)) text = message.map(String).join('; ');
    else if (typeof message === 'string') text = message;
    if (typeof label === 'string') name = label;
  }
  const prefix = name !== undefined && name !== text ? `${name} (${status})` : `HTTP ${status}`;
  return `${prefix}: ${text}`;
}

/**
 * An interceptor that turns a Nest `HttpException` (`ForbiddenException`, `NotFoundException`,
 * …) thrown by a tool, resource or prompt into a {@link ToolError}: the model reads an
 * `isError` result (`-32602` with the message for resources and prompts) instead of
 * `-32603 Internal error`. {@link DeclarativeMcpModule} puts it outermost, so the application's
 * own interceptors still see the original exception.
 */
export const nestHttpExceptions: Interceptor = async (_invocation, next) => {
  try {
    return await next();
  } catch (error) {
    if (error instanceof HttpException) throw new ToolError(describeHttpException(error));
    throw error;
  }
};
