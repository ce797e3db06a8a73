import { ERROR_CODES, VERSION_CONFLICT_MESSAGES } from '../../src/contract/common';
import { ApiHttpError } from '../errors';

export type VersionedRecord = keyof typeof VERSION_CONFLICT_MESSAGES;

/** 409 VERSION_CONFLICT: the edit started from a version someone else has since replaced (docs/api.md "Versions"). */
export const versionConflict = (record: VersionedRecord) =>
  new ApiHttpError(409, ERROR_CODES.versionConflict, VERSION_CONFLICT_MESSAGES[record]);

/**
 * Refuses an edit that started from another version than the stored one; an edit without a
 * version (the spec's requests) is not checked. The UPDATE that follows also names the version
 * it read (`where id = $1 and version = $2`), so a concurrent save between the read and the
 * write is refused by its row count.
 */
export const checkVersion = (expected: number | undefined, current: number, record: VersionedRecord) => {
  if (expected !== undefined && expected !== current) throw versionConflict(record);
};
