import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupManifest,
  BLOCK,
  checksumOf,
  DATA_ENTRY,
  DATA_OFFSET,
  digestOf,
  expectedSize,
  MANIFEST_BYTES,
  MANIFEST_ENTRY,
  prefixOf,
  TRAILER_BYTES,
} from './backupManifest';

/* A backup file read back against its manifest (backupManifest.ts) before and while it is restored. */

const readAt = (fd: number, position: number, length: number): Buffer => {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buffer, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read);
};

const firstDifference = (actual: Buffer, expected: Buffer) => {
  for (let i = 0; i < expected.length; i += 1) if (actual[i] !== expected[i]) return i;
  return -1;
};

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** The manifest as written, or a BackupError saying what is wrong with the file's start. */
const readManifest = (file: string, fd: number, size: number): BackupManifest => {
  const start = readAt(fd, 0, DATA_OFFSET);
  const noManifest = (why: string) =>
    new BackupError(
      `${file} carries no backup manifest (${why}), so nothing proves what it holds and it is not restored. ` +
        'Restore a file written by npm run backup of this release; one made before backups carried a manifest restores with the release that made it.',
    );
  if (start.subarray(0, 2).equals(GZIP_MAGIC)) throw noManifest('it is a bare .tar.gz archive');
  if (size < DATA_OFFSET + TRAILER_BYTES) throw noManifest(`it is only ${size} bytes long`);
  const header = new tar.Header(start, 0);
  if (!header.cksumValid && start.subarray(257, 262).toString('latin1') === 'ustar') {
    throw new BackupError(
      `${file} is damaged in its first ${BLOCK} bytes (the archive header of its manifest), so it is not restored. Restore another backup, or copy this one again from where it is kept.`,
    );
  }
  if (header.path !== MANIFEST_ENTRY || header.size !== MANIFEST_BYTES) throw noManifest(`its first entry is not ${MANIFEST_ENTRY}`);
  const edited = (why: string) =>
    new BackupError(
      `${file}: its manifest is damaged or was edited (${why}), so the backup cannot be trusted and it is not restored. ` +
        'Restore another backup, or copy this one again from where it is kept.',
    );
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(start.subarray(BLOCK, BLOCK + MANIFEST_BYTES).toString('utf8')) as BackupManifest;
  } catch {
    throw edited('it is not JSON');
  }
  if (typeof manifest !== 'object' || manifest === null || manifest.format !== BACKUP_FORMAT) {
    throw edited(`it does not name the format ${BACKUP_FORMAT}`);
  }
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} is a backup of format version ${String(manifest.formatVersion)}, which this release (format ${BACKUP_FORMAT_VERSION}) does not read. Restore it with the release that wrote it.`,
    );
  }
  if (typeof manifest.checksum !== 'string' || manifest.checksum !== checksumOf(manifest))
    throw edited('its checksum does not match its fields');
  if (manifest.database !== 'pglite') {
    throw new BackupError(
      `${file} is a backup of a ${String(manifest.database)} database, not of the embedded PGlite database npm run restore restores. Nothing was restored.`,
    );
  }
  const { data } = manifest;
  if (typeof manifest.createdAt !== 'string' || Number.isNaN(Date.parse(manifest.createdAt))) throw edited('its date is not a date');
  if (!data || data.entry !== DATA_ENTRY || !Number.isSafeInteger(data.bytes) || data.bytes <= 0 || !/^[0-9a-f]{64}$/.test(data.sha256)) {
    throw edited('its data entry is malformed');
  }
  const at = firstDifference(start, prefixOf(manifest));
  if (at >= 0) {
    throw new BackupError(
      `${file} is damaged at byte ${at} (in the archive's headers or the manifest's layout), so it is not restored. Restore another backup, or copy this one again from where it is kept.`,
    );
  }
  return manifest;
};

/** Aborts `work` after `ms` with a worded error: no step of a restore may wait for ever. */
export const withinTime = async <T>(what: string, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> => {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new BackupError(`${what} did not finish within ${Math.round(ms / 1000)} s and was stopped. Nothing was restored.`));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
};

/** Time for a pass over `bytes`: generous (5 MiB/s on a busy machine), so it only ends what is stuck. */
export const stepTimeoutMs = (bytes: number) => 60_000 + Math.ceil(bytes / (5 * 1024 * 1024)) * 1000;

/**
 * Checks the whole file against its manifest before anything is restored: the frame byte for byte, the size, and
 * the data's SHA-256. Throws a BackupError saying what is wrong and what to do.
 */
export const verifyBackup = async (file: string): Promise<BackupManifest> => {
  const fd = openSync(file, 'r');
  let manifest: BackupManifest;
  let size: number;
  try {
    size = fstatSync(fd).size;
    manifest = readManifest(file, fd, size);
    const expected = expectedSize(manifest.data.bytes);
    if (size !== expected) {
      throw new BackupError(
        `${file} is ${size} bytes long but its manifest says ${expected}: the file was ${size < expected ? 'cut off' : 'extended'} after it was written, so it is not restored. ` +
          'Copy it again from where it is kept, or restore another backup.',
      );
    }
    const tail = readAt(fd, DATA_OFFSET + manifest.data.bytes, expected - DATA_OFFSET - manifest.data.bytes);
    const nonZero = tail.findIndex((byte) => byte !== 0);
    if (nonZero >= 0) {
      throw new BackupError(
        `${file} is damaged at byte ${DATA_OFFSET + manifest.data.bytes + nonZero} (the archive's padding), so it is not restored. Restore another backup, or copy this one again.`,
      );
    }
  } finally {
    closeSync(fd);
  }
  const { bytes, sha256: expectedSha } = manifest.data;
  const digest = digestOf();
  await withinTime(`Reading ${file} to check it`, stepTimeoutMs(bytes), (signal) =>
    pipeline(createReadStream(file, { start: DATA_OFFSET, end: DATA_OFFSET + bytes - 1 }), digest.stream, devNull(), { signal }),
  );
  const actual = digest.result();
  if (actual.sha256 !== expectedSha || actual.bytes !== bytes) {
    throw new BackupError(
      `${file} is damaged: its data's SHA-256 is ${actual.sha256}, its manifest says ${expectedSha}. Bytes changed after the backup was written ` +
        '(a disk or copy error, or tampering), so it is not restored. Restore another backup, or copy this one again from where it is kept.',
    );
  }
  return manifest;
};

const devNull = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** The data, checked again as it is read (the file may change after verifyBackup). */
export const readVerifiedData = (file: string, manifest: BackupManifest) => {
  const digest = digestOf();
  const source = createReadStream(file, { start: DATA_OFFSET, end: DATA_OFFSET + manifest.data.bytes - 1 });
  return {
    streams: [source, digest.stream] as const,
    check: () => {
      if (digest.result().sha256 !== manifest.data.sha256) {
        throw new BackupError(
          `${file} changed while it was restored. Nothing was restored; leave the file alone and run the restore again.`,
        );
      }
    },
  };
};
