/**
 * Identity's use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects like a gRPC call (code, details, metadata), so the tests read as before.
 */
import { identityV1 } from '@taal/contracts';
import { callsByName, type NamedCall } from '../../../../tools/testing/use-case-calls';
import type { RunningIdentity } from '../service';

function callsOf(running: RunningIdentity): Record<string, NamedCall> {
  const { identity: calls } = running.useCases;
  const empty = async (done: Promise<unknown>) => (await done, {});
  return {
    signUp: (_ctx, req) => calls.signUp(req),
    checkEmail: (_ctx, req) => calls.checkEmail(req),
    verifyEmail: (_ctx, req) => calls.verifyEmail(req),
    resendVerification: (_ctx, req) => empty(calls.resendVerification(req)),
    confirmGuardian: (_ctx, req) => calls.confirmGuardian(req),
    login: (_ctx, req) => calls.login(req),
    refresh: (_ctx, req) => calls.refresh(req),
    logout: (_ctx, req) => empty(calls.logout(req)),
    // The sessions' own check of an access token (the edge checks the key and the revoked sessions).
    authenticate: (_ctx, req) => running.identity.authenticate(req.accessToken),
    requestPasswordReset: (_ctx, req) => empty(calls.requestPasswordReset(req)),
    resetPassword: (_ctx, req) => empty(calls.resetPassword(req)),
    requestSignInLink: (_ctx, req) => empty(calls.requestSignInLink(req)),
    signInWithLink: (_ctx, req) => calls.signInWithLink(req),
    googleLogin: (_ctx, req) => calls.googleLogin(req),
    facebookLogin: (_ctx, req) => calls.facebookLogin(req),
    updateProfile: (ctx, req) => calls.updateProfile(ctx, req),
    resendGuardianMail: (ctx, req) => empty(calls.resendGuardianMail(ctx, req)),
    getUser: (ctx, req) => calls.getUser(ctx, req),
    getUsers: (ctx, req) => calls.getUsers(ctx, req),
    getUserPhoto: (ctx, req) => calls.getUserPhoto(ctx, req),
    setSuspended: (ctx, req) => calls.setSuspended(ctx, req),
    markEmailVerified: (ctx, req) => calls.markEmailVerified(ctx, req),
    createAccount: (ctx, req) => calls.createAccount(ctx, req),
    createInstructorAccount: (ctx, req) => calls.createInstructorAccount(ctx, req),
    listUsers: (ctx, req) => calls.listUsers(ctx, req),
    listMailAudience: (ctx, req) => calls.listMailAudience(ctx, req),
    userAnalytics: (ctx, req) => calls.userAnalytics(ctx, req),
  };
}

/** `call(method, request, identity?, callerService?)`: as the gateway by default, for that user (none: no user). */
export function useCaseCalls(running: RunningIdentity) {
  const calls = callsOf(running);
  return callsByName('identity', () => calls, identityV1);
}
