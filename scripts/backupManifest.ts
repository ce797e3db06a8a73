import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';

/*
 * docs/operations.md "What proves a backup". A backup file is a plain tar of two entries: manifest.json, then
 * data.tar.gz (the data directory). Every byte outside the data is what this module writes for that manifest, and
 * the manifest carries the data's SHA-256 and a checksum of its own fields, so one changed byte anywhere is found.
 */

export const BACKUP_FORMAT = 'salescoach-pglite-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const DATA_ENTRY = 'data.tar.gz';
const BLOCK = 512;
const MANIFEST_BYTES = 2 * BLOCK;
/** Where the data starts: the manifest's header, the manifest, the data's header. */
export const DATA_OFFSET = BLOCK + MANIFEST_BYTES + BLOCK;
const TRAILER_BYTES = 2 * BLOCK;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  database: 'pglite';
  /** The data directory's PG_VERSION. */
  postgresVersion: string;
  createdAt: string;
  data: { entry: typeof DATA_ENTRY; bytes: number; sha256: string };
  /** SHA-256 of the fields above, in this order. */
  checksum: string;
}

export class BackupError extends Error {}

const padTo = (bytes: number) => Math.ceil(bytes / BLOCK) * BLOCK;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type ManifestFields = Omit<BackupManifest, 'checksum'>;

/** The fields in their one order: a manifest with other keys, or in another order, is not byte for byte the one written. */
const canonicalFields = (manifest: ManifestFields): ManifestFields => ({
  format: manifest.format,
  formatVersion: manifest.formatVersion,
  database: manifest.database,
  postgresVersion: manifest.postgresVersion,
  createdAt: manifest.createdAt,
  data: { entry: manifest.data?.entry, bytes: manifest.data?.bytes, sha256: manifest.data?.sha256 },
});
const checksumOf = (manifest: ManifestFields) => sha256(JSON.stringify(canonicalFields(manifest)));

const manifestBytes = (manifest: BackupManifest): Buffer => {
  const text = `${JSON.stringify({ ...canonicalFields(manifest), checksum: manifest.checksum }, null, 2)}\n`;
  const bytes = Buffer.alloc(MANIFEST_BYTES, ' ');
  if (bytes.write(text, 'utf8') < Buffer.byteLength(text)) throw new Error('the backup manifest outgrew its space');
  bytes[MANIFEST_BYTES - 1] = 0x0a;
  return bytes;
};

const headerBytes = (path: string, size: number, createdAt: string): Buffer => {
  const header = new tar.Header({
    path,
    mode: 0o600,
    uid: 0,
    gid: 0,
    uname: '',
    gname: '',
    size,
    type: 'File',
    mtime: new Date(Math.floor(Date.parse(createdAt) / 1000) * 1000),
  });
  const block = Buffer.alloc(BLOCK);
  header.encode(block, 0);
  return block;
};

/** The bytes before the data, for a manifest. */
const prefixOf = (manifest: BackupManifest): Buffer =>
  Buffer.concat([
    headerBytes(MANIFEST_ENTRY, MANIFEST_BYTES, manifest.createdAt),
    manifestBytes(manifest),
    headerBytes(DATA_ENTRY, manifest.data.bytes, manifest.createdAt),
  ]);

/** The manifest with its checksum, and the bytes that go before the data (DATA_OFFSET of them). */
export const sealManifest = (fields: ManifestFields) => {
  const manifest: BackupManifest = { ...canonicalFields(fields), checksum: checksumOf(fields) };
  return { manifest, prefix: prefixOf(manifest) };
};

const expectedSize = (dataBytes: number) => DATA_OFFSET + padTo(dataBytes) + TRAILER_BYTES;

/** Counts and hashes what passes. */
const digestOf = () => {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest('hex') }) };
};

/**
 * A backup file being written: `dataSink()` receives the data directory's .tar.gz (a new sink each time, should a
 * copy start again), `finish` writes the manifest and the archive's frame around the last one.
 */
export const backupWriter = (file: string) => {
  let last: (() => { bytes: number; sha256: string }) | null = null;
  return {
    dataSink: (): [Transform, Writable] => {
      const digest = digestOf();
      last = digest.result;
      return [digest.stream, createWriteStream(file, { mode: 0o600, flags: 'w', start: DATA_OFFSET })];
    },
    finish: (postgresVersion: string): BackupManifest => {
      if (!last) throw new Error('no data was written');
      const data = last();
      const fields: ManifestFields = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        database: 'pglite',
        postgresVersion,
        createdAt: new Date().toISOString(),
        data: { entry: DATA_ENTRY, bytes: data.bytes, sha256: data.sha256 },
      };
      const { manifest, prefix } = sealManifest(fields);
      const fd = openSync(file, 'r+');
      try {
        writeSync(fd, Buffer.alloc(padTo(data.bytes) - data.bytes + TRAILER_BYTES), 0, undefined, DATA_OFFSET + data.bytes);
        writeSync(fd, prefix, 0, undefined, 0);
      } finally {
        closeSync(fd);
      }
      return manifest;
    },
  };
};

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
