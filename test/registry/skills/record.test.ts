/**
 * `@Skill`'s record for a provider class (src/registry/skills/record.ts), looked up its class
 * chain: the nearest `@Skill` options, every `@SkillFile` once (a subclass's file wins).
 */
import 'reflect-metadata';
import { ConfigurationError, Skill, SkillFile } from 'declarative-mcp';
import { skillRecordOf } from '../../../src/registry/skills/record';

const paths = (provider: Function) =>
  skillRecordOf(provider)!.files.map((file) => `${file.path} <- ${file.method}`);

test('a class without @Skill or @SkillFile has no record', () => {
  class Plain {
    run() {}
  }
  expect(skillRecordOf(Plain)).toBeUndefined();
  expect(skillRecordOf(function named() {})).toBeUndefined();
});

test('a class’s own record: its options and files in declaration order', () => {
  @Skill({ name: 'report', description: 'Sales', dynamic: true })
  class Report {
    @SkillFile('SKILL.md') md() {
      return 'body';
    }
    @SkillFile('data.csv', { mimeType: 'text/csv' }) csv() {
      return 'a,b';
    }
  }
  const record = skillRecordOf(Report)!;
  expect(record.options).toEqual({ name: 'report', description: 'Sales', dynamic: true });
  expect(record.files).toEqual([
    { path: 'SKILL.md', method: 'md', options: {} },
    { path: 'data.csv', method: 'csv', options: { mimeType: 'text/csv' } },
  ]);
});

test('up the class chain: the nearest options, a subclass’s file of the same path wins', () => {
  @Skill({ name: 'base', description: 'Base', dynamic: true })
  class Base {
    @SkillFile('SKILL.md') md() {
      return 'base';
    }
    @SkillFile('shared.md') shared() {
      return 'base';
    }
  }
  class Middle extends Base {
    @SkillFile('middle.md') middle() {
      return 'm';
    }
  }
  @Skill({ name: 'leaf', description: 'Leaf', dynamic: true })
  class Leaf extends Middle {
    @SkillFile('shared.md') mine() {
      return 'leaf';
    }
  }
  expect((skillRecordOf(Leaf)!.options as { name?: string }).name).toBe('leaf');
  expect(paths(Leaf)).toEqual(['shared.md <- mine', 'middle.md <- middle', 'SKILL.md <- md']);
  // Without its own @Skill, a subclass takes its base's.
  expect((skillRecordOf(Middle)!.options as { name?: string }).name).toBe('base');
  expect(paths(Middle)).toEqual(['middle.md <- middle', 'SKILL.md <- md', 'shared.md <- shared']);
});

test('@SkillFile without @Skill anywhere up the chain says what to add', () => {
  class Loose {
    @SkillFile('SKILL.md') md() {
      return 'x';
    }
  }
  class Child extends Loose {}
  for (const provider of [Loose, Child]) {
    expect(() => skillRecordOf(provider)).toThrow(
      new ConfigurationError(
        `Provider ${provider.name}: @SkillFile without @Skill. Add @Skill({ name, description, dynamic: true }) to the class.`,
      ),
    );
  }
});
