/**
 * The skills face (src/registry/skills/index.ts): `skillRecordOf`, and `skillSupport`, which
 * loads what reads, watches and serves skills on first use.
 */
import * as skills from '../../../src/registry/skills';
import { skillOfProvider, skillsOfOption } from '../../../src/registry/skills/collect';
import { skillRecordOf } from '../../../src/registry/skills/record';
import { SkillSet } from '../../../src/registry/skills/skill-set';
import { expectFace } from '../../helpers/face';

test('the face exports exactly skillRecordOf and skillSupport', () => {
  expectFace(skills, { skillRecordOf, skillSupport: skills.skillSupport });
});

test('skillSupport gives the collecting functions and the SkillSet class, the same each time', () => {
  const support = skills.skillSupport();
  expect(support).toEqual({ skillOfProvider, skillsOfOption, SkillSet });
  expect(support.SkillSet).toBe(SkillSet);
  expect(skills.skillSupport().skillOfProvider).toBe(skillOfProvider);
});
