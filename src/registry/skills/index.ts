export { type SkillSource, skillOfProvider, skillRecordOf, skillsOfOption } from './collect';
export { type ServedSkill, SkillSet } from './skill-set';
