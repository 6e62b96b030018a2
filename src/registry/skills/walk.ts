import type { Dirent } from 'node:fs';
import { ConfigurationError } from '../../core';
import { nodeFs, nodePath } from './node';

/** One file found in a skill folder: its path in the skill (`/`-separated) and on disk. */
export interface WalkedFile {
  rel: string;
  abs: string;
}

/** A folder's files and folders (real paths of the folders, to watch them). */
export interface Walk {
  files: WalkedFile[];
  folders: string[];
}

function inside(real: string, root: string): boolean {
  return real === root || real.startsWith(root + nodePath().sep);
}

/**
 * Every file under `root`, sorted by path: names starting with "." are left out (they are not
 * part of a skill), and a symbolic link is followed only when it leads inside `root` (a link out
 * of the folder would serve files its author never meant to publish). Each folder once.
 */
export function walkFolder(root: string, where: string): Walk {
  let top: string;
  try {
    top = nodeFs().realpathSync(root);
  } catch {
    throw new ConfigurationError(
      `Skill ${where}: the folder ${root} does not exist. Point "dir" at a folder holding SKILL.md (a relative path is taken from the working directory).`,
    );
  }
  if (!nodeFs().statSync(top).isDirectory()) {
    throw new ConfigurationError(
      `Skill ${where}: ${root} is not a folder. Point "dir" at the skill's folder.`,
    );
  }
  const walk: Walk = { files: [], folders: [] };
  const seen = new Set<string>();
  const visit = (real: string, rel: string): void => {
    if (seen.has(real)) return;
    seen.add(real);
    walk.folders.push(real);
    const entries: Dirent[] = nodeFs().readdirSync(real, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = nodePath().join(real, entry.name);
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      let target = path;
      let isDirectory = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        try {
          target = nodeFs().realpathSync(path);
        } catch {
          continue; // a broken link serves nothing
        }
        if (!inside(target, top)) continue;
        isDirectory = nodeFs().statSync(target).isDirectory();
      } else if (!isDirectory && !entry.isFile()) continue;
      if (isDirectory) visit(target, childRel);
      else walk.files.push({ rel: childRel, abs: target });
    }
  };
  visit(top, '');
  walk.files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return walk;
}

/** The folders under `root` (themselves included) that hold a `SKILL.md`, as paths relative to it. */
export function findSkillFolders(root: string, where: string): string[] {
  return walkFolder(root, where)
    .files.filter((file) => file.rel === 'SKILL.md' || file.rel.endsWith('/SKILL.md'))
    .map((file) => file.rel.slice(0, -'SKILL.md'.length).replace(/\/$/, ''));
}
