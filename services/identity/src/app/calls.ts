/**
 * Identity's use cases as a caller asks them, each with its check of who may ask (issue 52, decision
 * 0093). Identity's own routes call these directly; its gRPC adapter serves the few that other services
 * ask (../grpc). Answers keep the shapes the retired gRPC methods had.
 */
import { ServiceNames, type identityV1 } from '@taal/contracts';
import { refuse, requireIdentity, UserRoles, type CallerIdentity } from '@taal/kit';
import type { Identity } from './identity';

/** Who is asking: the user the edge or the gRPC server verified (none: a visitor or a service), and the calling service. */
export type Ctx = { identity: CallerIdentity | null; callerService: string };

const ADMIN = UserRoles.admin;
/** GetUsers answers at most this many ids a call (a page of a list, not the whole user table). */
const MAX_USERS_PER_CALL = 500;
/** Messaging itself (no user): it reads a mail's recipient and an instructor's accounts (decision 0023). */
const isMessaging = (ctx: Ctx) => !ctx.identity && ctx.callerService === ServiceNames.messaging;
/** Learning itself (no user): a certificate shows its student's current name (decision 0042). */
const isLearning = (ctx: Ctx) => !ctx.identity && ctx.callerService === ServiceNames.learning;

export function identityCalls(identity: Identity) {
  return {
    // ---- Anyone (a visitor signing up or in) ----
    signUp: async (req: identityV1.SignUpRequest) => ({ user: await identity.signUp(req) }),
    checkEmail: async (req: identityV1.CheckEmailRequest) => ({ exists: await identity.checkEmail(req.email) }),
    verifyEmail: async (req: identityV1.VerifyEmailRequest) => ({ user: await identity.verifyEmail(req.token) }),
    resendVerification: (req: identityV1.ResendVerificationRequest) => identity.resendVerification(req.user),
    confirmGuardian: async (req: identityV1.ConfirmGuardianRequest) => ({ user: await identity.confirmGuardian(req.token) }),
    login: async (req: identityV1.LoginRequest) => ({ session: await identity.login(req.email, req.password) }),
    refresh: async (req: identityV1.RefreshRequest) => ({ session: await identity.refresh(req.refreshToken) }),
    logout: (req: identityV1.LogoutRequest) => identity.logout(req.accessToken, req.refreshToken),
    requestPasswordReset: (req: identityV1.RequestPasswordResetRequest) => identity.requestPasswordReset(req.email),
    resetPassword: (req: identityV1.ResetPasswordRequest) => identity.resetPassword(req),
    requestSignInLink: (req: identityV1.RequestSignInLinkRequest) => identity.requestSignInLink(req.email),
    signInWithLink: async (req: identityV1.SignInWithLinkRequest) => ({ session: await identity.signInWithLink(req.token) }),
    googleLogin: async (req: identityV1.GoogleLoginRequest) => ({ session: await identity.googleLogin(req.idToken) }),
    facebookLogin: async (req: identityV1.FacebookLoginRequest) => ({ session: await identity.facebookLogin(req.accessToken, req.userId) }),

    // ---- The user themself ----
    updateProfile: async (ctx: Ctx, req: identityV1.UpdateProfileRequest) => {
      // Always the caller's own account (decision 0008): no id is taken from the request.
      const caller = requireIdentity(ctx);
      // The session of the caller's token stays signed in when the password changes; the others end.
      return { user: await identity.updateProfile(caller.userId, req, caller.sessionId) };
    },
    resendGuardianMail: async (ctx: Ctx, req: identityV1.ResendGuardianMailRequest) => {
      // Only the student themself (decision 0008): the id must be the caller's.
      const caller = requireIdentity(ctx);
      if (caller.userId !== req.id) throw refuse('PERMISSION_DENIED');
      await identity.resendGuardianMail(caller.userId);
    },
    getUser: async (ctx: Ctx, req: identityV1.GetUserRequest) => {
      if (!isMessaging(ctx) && !isLearning(ctx)) {
        const caller = requireIdentity(ctx);
        if (caller.userType !== ADMIN && caller.userId !== req.id) throw refuse('PERMISSION_DENIED');
      }
      return { user: await identity.getUser(req.id) };
    },
    getUsers: async (ctx: Ctx, req: identityV1.GetUsersRequest) => {
      if (req.ids.length > MAX_USERS_PER_CALL) throw refuse('INVALID_VALUE');
      if (!isMessaging(ctx) && !isLearning(ctx)) {
        const caller = requireIdentity(ctx);
        if (caller.userType !== ADMIN && req.ids.some((id) => id !== caller.userId)) throw refuse('PERMISSION_DENIED');
      }
      return { users: await identity.getUsers(req.ids) };
    },
    getUserPhoto: (ctx: Ctx, req: identityV1.GetUserPhotoRequest) => {
      // Decision 0006: a user's photo is personal data, shown to the admin and to the user themself.
      const caller = requireIdentity(ctx);
      if (caller.userType !== ADMIN && caller.userId !== req.id) throw refuse('PERMISSION_DENIED');
      return identity.getUserPhoto(req.id);
    },

    // ---- The back office (admins), and messaging's mail lists ----
    setSuspended: async (ctx: Ctx, req: identityV1.SetSuspendedRequest) => {
      const caller = requireIdentity(ctx, ADMIN);
      return { user: await identity.setSuspended(caller.userId, req.id, req.suspended) };
    },
    markEmailVerified: async (ctx: Ctx, req: identityV1.MarkEmailVerifiedRequest) => {
      requireIdentity(ctx, ADMIN);
      return { user: await identity.adminMarkVerified(req.id) };
    },
    createAccount: async (ctx: Ctx, req: identityV1.CreateAccountRequest) => {
      requireIdentity(ctx, ADMIN);
      return { user: await identity.createAccount(req) };
    },
    createInstructorAccount: async (ctx: Ctx, req: identityV1.CreateInstructorAccountRequest) => {
      requireIdentity(ctx, ADMIN);
      return { user: await identity.createInstructorAccount(req) };
    },
    listUsers: (ctx: Ctx, req: identityV1.ListUsersRequest) => {
      if (!isMessaging(ctx)) requireIdentity(ctx, ADMIN);
      return identity.listUsers(req);
    },
    listMailAudience: (ctx: Ctx, req: identityV1.ListMailAudienceRequest) => {
      if (!isMessaging(ctx)) throw refuse('PERMISSION_DENIED');
      return identity.listMailAudience(req);
    },
    userAnalytics: (ctx: Ctx, req: identityV1.UserAnalyticsRequest) => {
      requireIdentity(ctx, ADMIN);
      return identity.userAnalytics(req.startDate, req.endDate);
    },
  };
}

/** Identity's use cases, which its routes call directly: they run beside them (issue 52). */
export type IdentityCalls = ReturnType<typeof identityCalls>;
