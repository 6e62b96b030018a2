/**
 * `@Skill` and `@SkillFile` record what a class declares, one record per class read back with
 * `ownSkillRecord`: copies of the options, the files in declaration order, nothing inherited.
 * The registry checks and serves them (test/registry/skills).
 */
import { ownSkillRecord, Skill, SkillFile, type SkillOptions } from '../../decorators/skill';

test('@Skill records a copy of its options on the class', () => {
  const options: SkillOptions = { dir: './skills/refunds', prefix: 'acme/billing' };
  @Skill(options)
  class Refunds {}
  options.prefix = 'changed';
  expect(ownSkillRecord(Refunds)).toEqual({
    options: { dir: './skills/refunds', prefix: 'acme/billing' },
    files: [],
  });
});

test('@SkillFile records each file with its method, in declaration order, with its options', () => {
  const hidden = Symbol('hidden');
  @Skill({ name: 'report', description: 'Sales report', dynamic: true })
  class Report {
    @SkillFile('SKILL.md')
    md() {
      return 'Read data/today.csv.';
    }

    @SkillFile('data/today.csv', { mimeType: 'text/csv' })
    csv() {
      return 'a,b';
    }

    @SkillFile('extra.md')
    [hidden]() {
      return '';
    }
  }
  const record = ownSkillRecord(Report);
  expect(record?.options).toEqual({ name: 'report', description: 'Sales report', dynamic: true });
  expect(record?.files).toEqual([
    { path: 'SKILL.md', method: 'md', options: {} },
    { path: 'data/today.csv', method: 'csv', options: { mimeType: 'text/csv' } },
    { path: 'extra.md', method: 'hidden', options: {} },
  ]);
});

test('a file declared without @Skill has a record without options', () => {
  class Loose {
    @SkillFile('notes.md')
    notes() {
      return '';
    }
  }
  expect(ownSkillRecord(Loose)).toEqual({
    options: undefined,
    files: [{ path: 'notes.md', method: 'notes', options: {} }],
  });
});

test('records are the class’s own: an undecorated class or a subclass has none', () => {
  @Skill({ files: { 'SKILL.md': '---\nname: a\ndescription: b\n---\n' } })
  class Base {}
  class Derived extends Base {}
  class Plain {}
  expect(ownSkillRecord(Base)).toBeDefined();
  expect(ownSkillRecord(Derived)).toBeUndefined();
  expect(ownSkillRecord(Plain)).toBeUndefined();
});
