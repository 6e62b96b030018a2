import {
  header,
  host,
  jsonAnswer,
  path,
  port,
  protocol,
  redisUrl,
  url,
  workers,
} from '../../src/cli/flag-values';
import { UsageError } from '../../src/core';

describe('flag values', () => {
  it('port: a whole number from 0 to 65535', () => {
    expect(port('0')).toBe(0);
    expect(port('8080')).toBe(8080);
    for (const bad of ['', ' ', '-1', '65536', '1.5', 'http']) {
      expect(() => port(bad)).toThrow(UsageError);
    }
    expect(() => port('x')).toThrow('--port must be a number from 0 to 65535 (got "x").');
  });

  it('path starts with "/"; host is a name or an address', () => {
    expect(path('/mcp')).toBe('/mcp');
    expect(() => path('mcp')).toThrow('--path must start with "/".');
    expect(host('0.0.0.0')).toBe('0.0.0.0');
    expect(host('localhost')).toBe('localhost');
    for (const bad of ['', 'a b', 'h/x', 'u@h']) expect(() => host(bad)).toThrow(UsageError);
  });

  it('url: an absolute http(s) URL, named after its flag', () => {
    expect(url('--jwt-issuer')('https://id.example.com')).toBe('https://id.example.com');
    expect(() => url('--jwt-issuer')('ftp://x')).toThrow(
      /^--jwt-issuer must be an absolute http\(s\) URL/,
    );
    expect(() => url('--x')('/relative')).toThrow(UsageError);
  });

  it('redisUrl: redis:// or rediss:// with a host', () => {
    expect(redisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redisUrl('rediss://h')).toBe('rediss://h');
    for (const bad of ['http://h', 'redis://', 'redis:///x'])
      expect(() => redisUrl(bad)).toThrow(UsageError);
  });

  it("header: 'Name: value' with a token name", () => {
    expect(header('X-Tenant: acme')).toBe('X-Tenant: acme');
    expect(() => header('no colon')).toThrow(/^--header must be 'Name: value'/);
    expect(() => header('Bad Name: v')).toThrow(UsageError);
  });

  it('protocol: one of the revisions the client commands speak', () => {
    expect(protocol('2025-11-25')).toBe('2025-11-25');
    expect(protocol('2026-07-28')).toBe('2026-07-28');
    expect(() => protocol('2024-11-05')).toThrow(
      '--protocol must be 2025-11-25 or 2026-07-28 (got "2024-11-05").',
    );
  });

  it('jsonAnswer: a JSON object, kept as its text', () => {
    expect(jsonAnswer('{"name":"Ada"}')).toBe('{"name":"Ada"}');
    for (const bad of ['[1]', 'null', '3', '{bad'])
      expect(() => jsonAnswer(bad)).toThrow(/^--answer must be a JSON object/);
  });

  it('workers: a whole number from 1 to 64', () => {
    expect(workers('1')).toBe(1);
    expect(workers('64')).toBe(64);
    for (const bad of ['0', '65', '2.5', '']) expect(() => workers(bad)).toThrow(UsageError);
  });
});
