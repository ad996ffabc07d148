import { ServiceNames, type identityV1 } from '@taal/contracts';
import { requireIdentity, unaryHandler, UserRoles, refuse, type CallContext } from '@taal/kit';
import type { Identity } from '../app/identity';

const ADMIN = UserRoles.admin;
/** GetUsers answers at most this many ids a call (a page of a list, not the whole user table). */
export const MAX_USERS_PER_CALL = 500;
/** Messaging itself (no user): it reads a mail's recipient (decision 0023). */
const isMessaging = (ctx: CallContext) => !ctx.identity && ctx.callerService === ServiceNames.messaging;
/** Learning itself (no user): a certificate shows its student's current name (decision 0042). */
const isLearning = (ctx: CallContext) => !ctx.identity && ctx.callerService === ServiceNames.learning;

/** gRPC adapter of the identity use cases; admin-only methods check the caller identity here. */
export function identityGrpcService(identity: Identity): identityV1.IdentityServiceServer {
  return {
    signUp: unaryHandler(async (req: identityV1.SignUpRequest) => ({ user: await identity.signUp(req) })),

    checkEmail: unaryHandler(async (req: identityV1.CheckEmailRequest) => ({ exists: await identity.checkEmail(req.email) })),

    verifyEmail: unaryHandler(async (req: identityV1.VerifyEmailRequest) => ({ user: await identity.verifyEmail(req.token) })),

    resendVerification: unaryHandler(async (req: identityV1.ResendVerificationRequest) => {
      await identity.resendVerification(req.user);
      return {};
    }),

    login: unaryHandler(async (req: identityV1.LoginRequest) => ({ session: await identity.login(req.email, req.password) })),

    refresh: unaryHandler(async (req: identityV1.RefreshRequest) => ({ session: await identity.refresh(req.refreshToken) })),

    logout: unaryHandler(async (req: identityV1.LogoutRequest) => {
      await identity.logout(req.accessToken, req.refreshToken);
      return {};
    }),

    authenticate: unaryHandler(async (req: identityV1.AuthenticateRequest) => identity.authenticate(req.accessToken)),

    requestPasswordReset: unaryHandler(async (req: identityV1.RequestPasswordResetRequest) => {
      await identity.requestPasswordReset(req.email);
      return {};
    }),

    resetPassword: unaryHandler(async (req: identityV1.ResetPasswordRequest) => {
      await identity.resetPassword(req);
      return {};
    }),

    requestSignInLink: unaryHandler(async (req: identityV1.RequestSignInLinkRequest) => {
      await identity.requestSignInLink(req.email);
      return {};
    }),

    signInWithLink: unaryHandler(async (req: identityV1.SignInWithLinkRequest) => ({ session: await identity.signInWithLink(req.token) })),

    googleLogin: unaryHandler(async (req: identityV1.GoogleLoginRequest) => ({ session: await identity.googleLogin(req.idToken) })),

    facebookLogin: unaryHandler(async (req: identityV1.FacebookLoginRequest) => ({
      session: await identity.facebookLogin(req.accessToken, req.userId),
    })),

    setSuspended: unaryHandler(async (req: identityV1.SetSuspendedRequest, ctx) => {
      const caller = requireIdentity(ctx, ADMIN);
      return { user: await identity.setSuspended(caller.userId, req.id, req.suspended) };
    }),

    markEmailVerified: unaryHandler(async (req: identityV1.MarkEmailVerifiedRequest, ctx) => {
      requireIdentity(ctx, ADMIN);
      return { user: await identity.adminMarkVerified(req.id) };
    }),

    createAccount: unaryHandler(async (req: identityV1.CreateAccountRequest, ctx) => {
      requireIdentity(ctx, ADMIN);
      return { user: await identity.createAccount(req) };
    }),

    createInstructorAccount: unaryHandler(async (req: identityV1.CreateInstructorAccountRequest, ctx) => {
      requireIdentity(ctx, ADMIN);
      return { user: await identity.createInstructorAccount(req) };
    }),

    listUsers: unaryHandler(async (req: identityV1.ListUsersRequest, ctx) => {
      if (!isMessaging(ctx)) requireIdentity(ctx, ADMIN);
      return identity.listUsers(req);
    }),

    listMailAudience: unaryHandler(async (req: identityV1.ListMailAudienceRequest, ctx) => {
      if (!isMessaging(ctx)) throw refuse('PERMISSION_DENIED');
      return identity.listMailAudience(req);
    }),

    getUser: unaryHandler(async (req: identityV1.GetUserRequest, ctx) => {
      if (isMessaging(ctx) || isLearning(ctx)) return { user: await identity.getUser(req.id) };
      const caller = requireIdentity(ctx);
      if (caller.userType !== ADMIN && caller.userId !== req.id) throw refuse('PERMISSION_DENIED');
      return { user: await identity.getUser(req.id) };
    }),

    getUsers: unaryHandler(async (req: identityV1.GetUsersRequest, ctx) => {
      if (req.ids.length > MAX_USERS_PER_CALL) throw refuse('INVALID_VALUE');
      if (isMessaging(ctx) || isLearning(ctx)) return { users: await identity.getUsers(req.ids) };
      const caller = requireIdentity(ctx);
      if (caller.userType !== ADMIN && req.ids.some((id) => id !== caller.userId)) throw refuse('PERMISSION_DENIED');
      return { users: await identity.getUsers(req.ids) };
    }),

    updateProfile: unaryHandler(async (req: identityV1.UpdateProfileRequest, ctx) => {
      // Always the caller's own account (decision 0008): no id is taken from the request.
      const caller = requireIdentity(ctx);
      // The session of the caller's token stays signed in when the password changes; the others end.
      return { user: await identity.updateProfile(caller.userId, req, caller.sessionId) };
    }),

    getUserPhoto: unaryHandler(async (req: identityV1.GetUserPhotoRequest, ctx) => {
      // Decision 0006: a user's photo is personal data, shown to the admin and to the user themself.
      const caller = requireIdentity(ctx);
      if (caller.userType !== ADMIN && caller.userId !== req.id) throw refuse('PERMISSION_DENIED');
      return identity.getUserPhoto(req.id);
    }),

    confirmGuardian: unaryHandler(async (req: identityV1.ConfirmGuardianRequest) => ({ user: await identity.confirmGuardian(req.token) })),

    resendGuardianMail: unaryHandler(async (req: identityV1.ResendGuardianMailRequest, ctx) => {
      // Only the student themself (decision 0008): the id must be the caller's.
      const caller = requireIdentity(ctx);
      if (caller.userId !== req.id) throw refuse('PERMISSION_DENIED');
      await identity.resendGuardianMail(caller.userId);
      return {};
    }),

    userAnalytics: unaryHandler(async (req: identityV1.UserAnalyticsRequest, ctx) => {
      requireIdentity(ctx, ADMIN);
      return identity.userAnalytics(req.startDate, req.endDate);
    }),
  };
}
