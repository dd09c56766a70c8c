import type { Db, Sql } from '../../platform/db/db.ts';
import { hashSecret } from '../../platform/crypto/hash.ts';
import { newId, randomToken } from '../../platform/crypto/ids.ts';
import { AppError } from '../../platform/http/errors.ts';
import { clientsRepo } from './clients.repo.ts';
import { SCOPES, parseScopes } from './scopes.ts';

export interface IssuedCredential {
  clientId: string;
  client_id: string;
  client_secret: string;
}

/** Tenants and their API credentials: what `kyc clients` and `kyc credentials` do. */
export function createClientsService(deps: { db: Db }) {
  const { db } = deps;

  async function issueCredential(sql: Sql, clientId: string, name: string, scopes: string[], issuedTo?: string): Promise<IssuedCredential> {
    const credentialId = newId('kci');
    // 256 bits: a fast hash is safe for secrets this long (ADR 0003).
    const secret = `kcs_${randomToken(32)}`;
    await clientsRepo.insertCredential(sql, clientId, { id: credentialId, name, secretHash: hashSecret(secret), scopes: scopes.join(' '), issuedTo });
    return { clientId, client_id: credentialId, client_secret: secret };
  }

  return {
    async createClient(input: { name: string; sandbox?: boolean }): Promise<IssuedCredential & { name: string; sandbox: boolean }> {
      const name = input.name.trim();
      if (!name || name.length > 200) throw new AppError('validation_failed', 'name must be 1 to 200 characters');
      const clientId = newId(input.sandbox ? 'cli_test' : 'cli');
      const issued = await db.tx(async (tx) => {
        await clientsRepo.insertClient(tx, { id: clientId, name, sandbox: input.sandbox ?? false });
        return issueCredential(tx, clientId, 'default', [...SCOPES]);
      });
      return { ...issued, name, sandbox: input.sandbox ?? false };
    },

    async listClients() {
      return (await clientsRepo.listClients(db)).map((c) => ({
        clientId: c.id, name: c.name, sandbox: c.sandbox, identity_confidence: c.identity_confidence, created_at: c.created_at.toISOString(), active_credentials: c.credentials,
      }));
    },

    /** `issuedTo`: the console user shown the secret (the four-eyes rule keeps them from approving its proposals). */
    async createCredential(clientId: string, input: { name?: string; scopes?: string; issuedTo?: string }): Promise<IssuedCredential & { scopes: string }> {
      if (!(await clientsRepo.getClient(db, clientId))) throw new AppError('not_found', `No client ${clientId}`);
      const scopes = parseScopes(input.scopes);
      if (!scopes) throw new AppError('validation_failed', `scopes must be among: ${SCOPES.join(' ')}`);
      const issued = await issueCredential(db, clientId, input.name ?? 'api', scopes, input.issuedTo);
      return { ...issued, scopes: scopes.join(' ') };
    },

    /** The console user shown the credential's secret when it was made, or null (the operator's `kyc`, or none). */
    issuedTo: (clientId: string, credentialId: string) => clientsRepo.issuedTo(db, clientId, credentialId),

    async listCredentials(clientId: string) {
      return (await clientsRepo.listCredentials(db, clientId)).map((k) => ({
        client_id: k.id, name: k.name, scopes: k.scopes, created_at: k.created_at.toISOString(),
        revoked_at: k.revoked_at?.toISOString() ?? null, last_used_at: k.last_used_at?.toISOString() ?? null,
      }));
    },

    /** The GPG 45 confidence the client requires for an AML identity PASS (issue 23): LOW, MEDIUM (default) or HIGH. */
    async setIdentityConfidence(clientId: string, level: string): Promise<{ clientId: string; identity_confidence: string }> {
      const upper = level.toUpperCase();
      if (upper !== 'LOW' && upper !== 'MEDIUM' && upper !== 'HIGH') throw new AppError('validation_failed', '--level must be low, medium or high');
      if (!(await clientsRepo.setIdentityConfidence(db, clientId, upper))) throw new AppError('not_found', `No client ${clientId}`);
      return { clientId, identity_confidence: upper };
    },

    async revokeCredential(clientId: string, credentialId: string): Promise<{ revoked: string }> {
      if (!(await clientsRepo.revokeCredential(db, clientId, credentialId))) {
        throw new AppError('not_found', `No active credential ${credentialId} for client ${clientId}`);
      }
      return { revoked: credentialId };
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
