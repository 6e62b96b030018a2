/** `declarative-mcp/nestjs` (src/nestjs/index.ts): exactly these runtime exports. */
import * as nestjs from 'declarative-mcp/nestjs';
import { nestContainer } from '../../src/nestjs/container';
import { McpHttpEndpoint } from '../../src/nestjs/endpoint';
import { describeHttpException, nestHttpExceptions } from '../../src/nestjs/exceptions';
import { DeclarativeMcpModule } from '../../src/nestjs/module';
import { DECLARATIVE_MCP_OPTIONS } from '../../src/nestjs/options';
import { isNestModule, nestApplication, nestForm } from '../../src/nestjs/standalone';
import { expectFace } from '../helpers/face';

test('the entry exports exactly these values, each the defining module’s', () => {
  expectFace(nestjs, {
    DECLARATIVE_MCP_OPTIONS,
    DeclarativeMcpModule,
    McpHttpEndpoint,
    describeHttpException,
    isNestModule,
    nestApplication,
    nestContainer,
    nestForm,
    nestHttpExceptions,
  });
});
