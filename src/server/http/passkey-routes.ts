/**
 * The passkey API (docs/protocol.md, "Passkeys"): options and answers for registering a
 * passkey (to the signed-in account, or as a new account) and for signing in with one.
 * The site the passkeys belong to is the server's origin (PUBLIC_URL's, else the Host's).
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type PasskeyAddedReply,
  PasskeyAnswerSchema,
  PasskeyOptionsSchema,
  type SignedInReply,
} from '../../protocol/accounts.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Passkeys, RelyingParty } from '../accounts/passkeys.js';
import type { Config } from '../config.js';
import { ServerError } from '../errors.js';
import type { Limiters } from '../limits/limits.js';
import { sessionOf, signedInReply, spend } from './account-routes.js';
import { serverOrigin } from './guard.js';
import { parse } from './parse.js';

export interface PasskeyDeps {
  readonly accounts: Accounts;
  readonly passkeys: Passkeys;
  readonly limits: Pick<Limiters, 'signInAddresses'>;
  readonly config: Pick<Config, 'publicUrl'>;
}

function relyingParty(config: Pick<Config, 'publicUrl'>, req: FastifyRequest): RelyingParty {
  const origin = serverOrigin(config, req.protocol, req.host);
  return { origin, id: new URL(origin).hostname };
}

export function registerPasskeyRoutes(app: FastifyInstance, { accounts, passkeys, limits, config }: PasskeyDeps): void {
  app.post('/api/passkeys/register/options', async (req) => {
    const body = parse(PasskeyOptionsSchema, req.body ?? {});
    const signedIn = await accounts.current(sessionOf(req));
    if (signedIn) return passkeys.registerOptions(relyingParty(config, req), { account: signedIn.account });
    if (body.username === undefined)
      throw new ServerError('ERR_BAD_USERNAME', 'Name the new account, or sign in to add a passkey.', 400);
    return passkeys.registerOptions(relyingParty(config, req), { username: body.username });
  });

  app.post('/api/passkeys/register/verify', async (req, reply): Promise<SignedInReply | PasskeyAddedReply> => {
    const body = parse(PasskeyAnswerSchema, req.body);
    const done = await passkeys.register(
      relyingParty(config, req),
      body.response as unknown as RegistrationResponseJSON,
      req.headers['user-agent'],
    );
    if (done.sessionId === null) return { passkeys: done.passkeys };
    reply.code(201);
    return signedInReply(reply, config, done.account, done.sessionId);
  });

  app.post('/api/passkeys/login/options', async (req) => passkeys.loginOptions(relyingParty(config, req)));

  app.post('/api/passkeys/login/verify', async (req, reply): Promise<SignedInReply> => {
    const body = parse(PasskeyAnswerSchema, req.body);
    await spend(reply, [limits.signInAddresses, req.ip]);
    const done = await passkeys.login(
      relyingParty(config, req),
      body.response as unknown as AuthenticationResponseJSON,
      req.headers['user-agent'],
    );
    return signedInReply(reply, config, done.account, done.sessionId);
  });
}
