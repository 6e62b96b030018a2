import type * as Collect from './collect';
import type * as Served from './skill-set';

export type { SkillSource } from './collect';
export { skillRecordOf } from './record';
export type { ServedSkill, SkillSet } from './skill-set';

/** What reads, watches and serves skills. */
export interface SkillSupport {
  skillOfProvider: typeof Collect.skillOfProvider;
  skillsOfOption: typeof Collect.skillsOfOption;
  SkillSet: typeof Served.SkillSet;
}

/**
 * The modules that read, watch and serve skills (nine), loaded when an application has its
 * first skill: one without skills never loads them (a stdio app's cold start, bench/README.md
 * row 5).
 */
export function skillSupport(): SkillSupport {
  const { skillOfProvider, skillsOfOption } = require('./collect') as typeof Collect;
  const { SkillSet } = require('./skill-set') as typeof Served;
  return { skillOfProvider, skillsOfOption, SkillSet };
}
