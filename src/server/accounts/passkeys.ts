/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registering one (for the signed-in
 * account, or making a new account with a passkey alone) and signing in with one. Each
 * ceremony is two requests: options with a fresh challenge, which the store keeps for
 * five minutes (so any node of a cluster checks the answer), then the browser's signed
 * answer, which takes the challenge once.
 */
import { randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ServerError } from '../errors.js';
import type { AccountRow, ChallengeRow, PeopleStore } from '../store/store.js';
import type { Accounts } from './accounts.js';

/** Who the passkeys are for: the site's origin and its host name (the RP ID). */
export interface RelyingParty {
  readonly origin: string;
  readonly id: string;
}

const RP_NAME = 'Bottle Imp';
/** How long a challenge may be answered (ms). */
const CHALLENGE_MS = 5 * 60_000;

/**
 * The WebAuthn library, loaded at the first ceremony rather than with the server: loading
 * it costs a third of a second of CPU, at every start of every node.
 */
const webauthn = () => import('@simplewebauthn/server');

const failed = () => new ServerError('ERR_PASSKEY_FAILED', 'The passkey could not be checked.', 400);

/** The challenge a browser's answer signed (its clientDataJSON says), or null. */
function challengeOf(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== 'string') return null;
  try {
    const challenge = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')).challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

export class Passkeys {
  constructor(
    private readonly store: PeopleStore,
    private readonly accounts: Accounts,
    private readonly now: () => number,
  ) {}

  private async keep(c: Omit<ChallengeRow, 'expiresAt'>): Promise<void> {
    const now = this.now();
    await this.store.saveChallenge({ ...c, expiresAt: now + CHALLENGE_MS }, now);
  }

  /** Take the challenge an answer signed, once; refused unless it was handed out for `purpose` and runs still. */
  private async take(clientDataJSON: unknown, purpose: ChallengeRow['purpose']): Promise<ChallengeRow> {
    const challenge = challengeOf(clientDataJSON);
    const row = challenge === null ? null : await this.store.takeChallenge(challenge, this.now());
    if (!row || row.purpose !== purpose) throw failed();
    return row;
  }

  /** Options to register a passkey: for `account`, or for a new account named `username` (free now). */
  async registerOptions(
    rp: RelyingParty,
    who: { account: AccountRow } | { username: string },
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    if ('username' in who && (await this.store.accountNamed(who.username)))
      throw new ServerError('ERR_USERNAME_TAKEN', 'That username is taken.', 409);
    const account = 'account' in who ? who.account : null;
    const existing = account ? await this.store.passkeysOf(account.id) : [];
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: account?.username ?? (who as { username: string }).username,
      // The user handle is random: it names nobody outside this site.
      userID: randomBytes(16),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({
        id: p.credentialId,
        transports: p.transports as AuthenticatorTransportFuture[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.keep({
      challenge: options.challenge,
      purpose: 'register',
      accountId: account?.id ?? null,
      username: account ? null : (who as { username: string }).username,
    });
    return options;
  }

  /**
   * Check a registration and keep the passkey. For a new account, the account is made (with
   * no password) and signed in: `sessionId` is its new session's.
   */
  async register(
    rp: RelyingParty,
    response: RegistrationResponseJSON,
    userAgent: string | undefined,
  ): Promise<{ account: AccountRow; sessionId: string | null; passkeys: number }> {
    const row = await this.take(response.response?.clientDataJSON, 'register');
    const { verifyRegistrationResponse } = await webauthn();
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: row.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) throw failed();
    let account = row.accountId === null ? null : await this.store.account(row.accountId);
    let sessionId: string | null = null;
    if (row.accountId === null) {
      const made = await this.accounts.create(row.username!, null, userAgent);
      ({ account, sessionId } = made);
    }
    if (!account) throw failed();
    const { credential } = verified.registrationInfo;
    const added = await this.store.addPasskey({
      credentialId: credential.id,
      accountId: account.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: this.now(),
    });
    if (!added) throw failed();
    return { account, sessionId, passkeys: (await this.store.passkeysOf(account.id)).length };
  }

  /** Options to sign in with any passkey of this site (the browser offers the ones it has). */
  async loginOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
    await this.keep({ challenge: options.challenge, purpose: 'login', accountId: null, username: null });
    return options;
  }

  /** Check a sign-in and open a session for the passkey's account. */
  async login(
    rp: RelyingParty,
    response: AuthenticationResponseJSON,
    userAgent: string | undefined,
  ): Promise<{ account: AccountRow; sessionId: string }> {
    const row = await this.take(response.response?.clientDataJSON, 'login');
    const passkey = typeof response.id === 'string' ? await this.store.passkey(response.id) : null;
    if (!passkey) throw failed();
    const { verifyAuthenticationResponse } = await webauthn();
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: row.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
    }).catch(() => null);
    if (!verified?.verified) throw failed();
    await this.store.setPasskeyCounter(passkey.credentialId, verified.authenticationInfo.newCounter);
    const account = await this.store.account(passkey.accountId);
    if (!account) throw failed();
    return { account, sessionId: await this.accounts.openSession(account, userAgent) };
  }
}
