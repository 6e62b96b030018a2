/**
 * A program that imports only `declarative-mcp/decorators` where its classes are declared still
 * gets their parameter types: the entry loads reflect-metadata before any class is decorated.
 * (This file must not import the main entry, or anything else that loads it, at the top.)
 */
import { IsString } from 'class-validator';
import { Tool } from 'declarative-mcp/decorators';

class ForecastInput {
  @IsString() city!: string;
}

class Weather {
  @Tool() forecast({ city }: ForecastInput) {
    return `Sunny in ${city}.`;
  }
}

test('the decorators entry alone keeps design:paramtypes, so the DTO is found at start-up', () => {
  expect(typeof (Reflect as unknown as { getMetadata?: unknown }).getMetadata).toBe('function');
  // The main entry is loaded only now, as a server module loaded after its providers would.
  const { McpApplication } = require('declarative-mcp') as typeof import('declarative-mcp');
  const app = McpApplication.create({ name: 'w', version: '1', providers: [Weather] });
  expect(app.describe()[0].definition.inputSchema).toMatchObject({
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  });
});
