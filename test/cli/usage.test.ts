import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLAGS } from '../../src/cli';
import { DEV_USAGE, DEVTOOLS_USAGE, HELP, SERVE_USAGE, version } from '../../src/cli/usage';

describe('usage texts', () => {
  it('--version is the package.json version', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8'));
    expect(version()).toBe(manifest.version);
  });

  it('each command names itself and lists the flags it takes', () => {
    expect(SERVE_USAGE).toMatch(/^Usage: declarative-mcp serve <module> /);
    expect(DEVTOOLS_USAGE).toMatch(/^Usage: declarative-mcp devtools \[module\] /);
    expect(DEV_USAGE).toMatch(/^Usage: declarative-mcp dev <module> /);
    for (const [name, spec] of Object.entries(FLAGS)) {
      const commands = (spec as { commands: readonly string[] }).commands;
      if (commands.includes('serve')) expect(SERVE_USAGE).toContain(`--${name}`);
      if (commands.includes('devtools')) expect(DEVTOOLS_USAGE).toContain(`--${name}`);
    }
  });

  it('the help lists every command', () => {
    for (const command of ['serve', 'devtools', 'dev', 'list', 'call', 'read', 'get']) {
      expect(HELP).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
    expect(HELP).toContain('--version, -v');
  });
});
