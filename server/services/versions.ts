import { ERROR_CODES, VERSION_CONFLICT_MESSAGES } from '../../src/contract/common';
import { ApiHttpError } from '../errors';

export type VersionedRecord = keyof typeof VERSION_CONFLICT_MESSAGES;

/** docs/api.md "Versions" */
export const versionConflict = (record: VersionedRecord) =>
  new ApiHttpError(409, ERROR_CODES.versionConflict, VERSION_CONFLICT_MESSAGES[record]);

/** The UPDATE that follows also names the version it read, so a concurrent save in between is refused by its row count. */
export const checkVersion = (expected: number | undefined, current: number, record: VersionedRecord) => {
  if (expected !== undefined && expected !== current) throw versionConflict(record);
};
