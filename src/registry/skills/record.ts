import { ownSkillRecord, type SkillOptions, type SkillRecord } from '../../../decorators/skill';
import { ConfigurationError } from '../../core';

/** `@Skill`'s record for a provider class, looked up its class chain (a subclass's file wins). */
export function skillRecordOf(provider: Function): SkillRecord | undefined {
  let options: SkillOptions | undefined;
  const files: SkillRecord['files'] = [];
  const taken = new Set<string>();
  for (
    let c: unknown = provider;
    typeof c === 'function' && c !== Function.prototype;
    c = Object.getPrototypeOf(c)
  ) {
    const record = ownSkillRecord(c as Function);
    if (record === undefined) continue;
    options ??= record.options;
    for (const file of record.files) {
      if (taken.has(file.path)) continue;
      taken.add(file.path);
      files.push(file);
    }
  }
  if (options === undefined) {
    if (files.length > 0) {
      throw new ConfigurationError(
        `Provider ${provider.name}: @SkillFile without @Skill. Add @Skill({ name, description, dynamic: true }) to the class.`,
      );
    }
    return undefined;
  }
  return { options, files };
}
