import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { tarOfDataDir } from '../db/dataDirArchive';
import { lockFolderOf } from '../db/dataDirLock';

/*
 * docs/operations.md "Backups". PGlite is one process per folder, so `npm run backup` asks the running server, on a
 * port of its own on 127.0.0.1 with a token in a file only the folder's owner can read (who can read the database
 * anyway). The files are copied as a plain tar while statements wait, then compressed with statements flowing again,
 * so the wait depends neither on compression nor on the client, and nothing holds the folder in memory.
 */
export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';
export const BACKUP_PATH = '/backup';

export interface BackupEndpointRecord {
  pid: number;
  port: number;
  token: string;
}

export interface BackupEndpoint {
  port: number;
  close(): Promise<void>;
}

export interface BackupLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export const readBackupEndpoint = (dataDir: string): BackupEndpointRecord | null => {
  let raw: string;
  try {
    raw = readFileSync(join(lockFolderOf(resolve(dataDir)), BACKUP_ENDPOINT_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const value = JSON.parse(raw) as Partial<BackupEndpointRecord>;
  return Number.isSafeInteger(value.pid) && Number.isSafeInteger(value.port) && typeof value.token === 'string'
    ? (value as BackupEndpointRecord)
    : null;
};

/** One backup at a time; call it once the folder's lock is held: the record goes into the lock folder. */
export const startBackupEndpoint = async ({
  dataDir,
  hold,
  log,
}: {
  dataDir: string;
  hold: <T>(copy: () => Promise<T>) => Promise<T>;
  log: BackupLog;
}): Promise<BackupEndpoint> => {
  const token = randomBytes(32).toString('base64url');
  const expected = digest(`Bearer ${token}`);
  const directory = resolve(dataDir);
  const lockFolder = lockFolderOf(directory);
  const recordPath = join(lockFolder, BACKUP_ENDPOINT_FILE);
  let queue: Promise<void> = Promise.resolve();

  const send = async (response: ServerResponse) => {
    const started = performance.now();
    // Left behind only by a crash: the next holder of the lock deletes it (dataDirLock.ts).
    const staged = join(lockFolder, `backup-${randomBytes(6).toString('hex')}.tar`);
    let bytes = 0;
    try {
      const held = await hold(async () => {
        const copying = performance.now();
        await pipeline(tarOfDataDir(directory), createWriteStream(staged, { mode: 0o600, flags: 'wx' }));
        return Math.round(performance.now() - copying);
      });
      response.writeHead(200, { 'content-type': 'application/gzip', 'cache-control': 'no-store' });
      const gzip = createGzip();
      gzip.on('data', (chunk: Buffer) => (bytes += chunk.length));
      await pipeline(createReadStream(staged), gzip, response);
      log.info({ event: 'backup.sent', bytes, heldMs: held, ms: Math.round(performance.now() - started) }, 'backup sent');
    } catch (error) {
      log.error({ event: 'backup.failed', err: String(error) }, 'backup failed');
      // Once the body has begun, only a cut connection tells the client the file is incomplete.
      if (response.headersSent) response.destroy();
      else response.writeHead(500, { 'content-type': 'text/plain' }).end(`The backup failed: ${String(error)}`);
    } finally {
      rmSync(staged, { force: true });
    }
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    const given = request.headers.authorization;
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      response.writeHead(401).end();
      return;
    }
    if (request.method !== 'GET' || request.url !== BACKUP_PATH) {
      response.writeHead(404).end();
      return;
    }
    queue = queue.then(() => send(response));
  };

  const server = createServer(handle);
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', failed);
      listening();
    });
  });
  const { port } = server.address() as AddressInfo;
  const record: BackupEndpointRecord = { pid: process.pid, port, token };
  // Created with its final mode, then renamed over any earlier one: never readable by others, never half written.
  const temporary = `${recordPath}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, JSON.stringify(record), { mode: 0o600, flag: 'wx' });
  renameSync(temporary, recordPath);

  return {
    port,
    close: async () => {
      try {
        if (readBackupEndpoint(dataDir)?.token === token) unlinkSync(recordPath);
      } catch {
        // The next holder of the lock deletes a record left behind (dataDirLock.ts).
      }
      await queue;
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
};
