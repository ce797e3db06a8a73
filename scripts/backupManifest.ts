import { createHash } from 'node:crypto';
import { closeSync, createWriteStream, openSync, writeSync } from 'node:fs';
import { Transform, type Writable } from 'node:stream';
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
export const BLOCK = 512;
export const MANIFEST_BYTES = 2 * BLOCK;
/** Where the data starts: the manifest's header, the manifest, the data's header. */
export const DATA_OFFSET = BLOCK + MANIFEST_BYTES + BLOCK;
export const TRAILER_BYTES = 2 * BLOCK;

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
export const checksumOf = (manifest: ManifestFields) => sha256(JSON.stringify(canonicalFields(manifest)));

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
export const prefixOf = (manifest: BackupManifest): Buffer =>
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

export const expectedSize = (dataBytes: number) => DATA_OFFSET + padTo(dataBytes) + TRAILER_BYTES;

/** Counts and hashes what passes. */
export const digestOf = () => {
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
