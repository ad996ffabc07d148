import type { Logger } from 'pino';
import type { FileStore, Sql } from '@taal/kit';
import type { facebookVerifier, googleVerifier } from '../auth/social';
import type { TokenSigner } from '../auth/tokens';
import type { IdentityStore } from '../store/identity-store';

/** What identity's use cases share: the ports, the store, the token signer and settings. */
export interface IdentityContext {
  sql: Sql;
  store: IdentityStore;
  signer: TokenSigner;
  files: FileStore;
  logger: Logger;
  /** Base URL of the site without a trailing slash, for links in e-mails. */
  publicUrl(): string;
  google?: ReturnType<typeof googleVerifier>;
  facebook?: ReturnType<typeof facebookVerifier>;
  /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
  afterCommit: () => void;
  /** Grace window of concurrent refreshes (0 turns it off). */
  refreshReuseGraceMs: number;
}
