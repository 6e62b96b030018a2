import type { IndexEntry } from '../adapter';
import { invalidParams } from '../core';

/** Tasks per `tasks/list` page. */
export const PAGE_SIZE = 50;

/** A cursor: the time and id of the last task of the page before (task ids are UUIDs). */
const CURSOR = /^(\d{1,16})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The cursor of the page after `last`. */
export function cursorAfter(last: IndexEntry): string {
  return `${last.at}.${last.member}`;
}

/**
 * Where a cursor says the page begins: after the entry it names, in the caller's own index (so
 * a cursor, forged or another caller's, reaches only the caller's tasks). -32602 for a cursor
 * this server did not make.
 */
export function pageStart(cursor: string | undefined): IndexEntry | undefined {
  if (cursor === undefined) return undefined;
  const found = CURSOR.exec(cursor);
  if (found === null) throw invalidParams('tasks/list: unknown cursor');
  return { at: Number(found[1]), member: found[2]! };
}
