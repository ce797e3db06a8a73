import { execFileSync } from 'node:child_process';
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type ConnectionOptions } from 'node:tls';
import type { Credential } from 'firebase-admin/app';

/** An account as Google's accounts:lookup answers it. */
export interface StandInAccount {
  localId: string;
  email: string;
  displayName?: string;
  emailVerified?: boolean;
  disabled?: boolean;
}

export interface GoogleStandIn {
  /** Routes every connection firebase-admin opens (keys, account API) to the stand-in. */
  httpAgent: Agent;
  /** Stands for the service account: the stand-in accepts any access token. */
  credential: Credential;
  accounts: Map<string, StandInAccount>;
  /** An RS256 ID token signed with the stand-in's key, as Firebase Auth issues them. */
  signIdToken(claims: { uid: string; projectId: string; authTime?: number; email?: string; expiresInSeconds?: number }): string;
  /** true: the public-key endpoint drops the connection (an outage of Google's key service). */
  keysDown: boolean;
  /** Requests seen, as "METHOD /path". */
  requests: string[];
  stop(): Promise<void>;
}

const CERT_PATH = '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

/**
 * A local stand-in of the Google endpoints firebase-admin calls for a real (non-demo) project:
 * the token-signing certificates and the Identity Toolkit account lookup. Google cannot be
 * reached from here; everything stays on 127.0.0.1 over TLS with a throwaway certificate.
 */
export const startGoogleStandIn = async (): Promise<GoogleStandIn> => {
  const dir = mkdtempSync(join(tmpdir(), 'salescoach-google-'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(join(dir, 'key.pem'), keyPem);
  execFileSync('openssl', [
    'req',
    '-x509',
    '-new',
    '-key',
    join(dir, 'key.pem'),
    '-subj',
    '/CN=securetoken.stand-in',
    '-days',
    '2',
    '-out',
    join(dir, 'cert.pem'),
  ]);
  const certPem = readFileSync(join(dir, 'cert.pem'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  const kid = randomUUID();

  const accounts = new Map<string, StandInAccount>();
  const requests: string[] = [];
  const state = { keysDown: false };

  const lookup = (body: { localId?: string[]; email?: string[] }) =>
    [...accounts.values()]
      .filter(
        (account) =>
          body.localId?.includes(account.localId) || body.email?.some((email) => email.toLowerCase() === account.email.toLowerCase()),
      )
      .map((account) => ({ emailVerified: false, disabled: false, createdAt: '1700000000000', validSince: '1700000000', ...account }));

  const server: Server = createServer({ key: keyPem, cert: certPem }, (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    requests.push(`${request.method} ${path}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && path === CERT_PATH) {
      // An outage as a client sees it: the connection drops (a 503 would be retried for seconds).
      if (state.keysDown) return request.socket.destroy();
      return send(200, { [kid]: certPem }, { 'cache-control': 'public, max-age=3600' });
    }
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && /^\/v1\/projects\/[^/]+\/accounts:lookup$/.test(path)) {
        const users = lookup(JSON.parse(text || '{}'));
        return send(
          200,
          users.length > 0 ? { kind: 'identitytoolkit#GetAccountInfoResponse', users } : { kind: 'identitytoolkit#GetAccountInfoResponse' },
        );
      }
      return send(404, { error: { code: 404, message: `stand-in has no ${request.method} ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Whatever host firebase-admin asks for, the connection goes to the stand-in on loopback. */
  class StandInAgent extends Agent {
    override createConnection(options: ConnectionOptions): Socket {
      return connect({ ...options, host: '127.0.0.1', port, servername: undefined, rejectUnauthorized: false });
    }
  }
  const httpAgent = new StandInAgent({ keepAlive: false });

  const signIdToken: GoogleStandIn['signIdToken'] = ({ uid, projectId, authTime, email, expiresInSeconds = 3_600 }) => {
    const now = Math.floor(Date.now() / 1000);
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const unsigned = `${encode({ alg: 'RS256', kid, typ: 'JWT' })}.${encode({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      sub: uid,
      user_id: uid,
      auth_time: authTime ?? now,
      iat: now,
      exp: now + expiresInSeconds,
      ...(email ? { email } : {}),
      firebase: { sign_in_provider: 'password', identities: {} },
    })}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(keyPem).toString('base64url');
    return `${unsigned}.${signature}`;
  };

  return {
    httpAgent,
    credential: { getAccessToken: async () => ({ access_token: 'stand-in-access-token', expires_in: 3_600 }) },
    accounts,
    signIdToken,
    get keysDown() {
      return state.keysDown;
    },
    set keysDown(value: boolean) {
      state.keysDown = value;
    },
    requests,
    stop: async () => {
      httpAgent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
