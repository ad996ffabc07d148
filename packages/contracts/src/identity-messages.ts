/**
 * The identity screens' answers that are not refusals, verbatim from the specs (storefront
 * §5/§8, back office §5/§8), misspellings included. Refusals are entries of the refusal
 * catalogue (refusals/identity.ts, refusals/common.ts; decision 0026).
 */
import { CommonRefusals as C } from './refusals/common';
import { IdentityRefusals as R } from './refusals/identity';

export const IdentityMessages = {
  // Sign-up (storefront §5, §8).
  signUpSuccess: 'check your email to verification',
  // Login and sign-in links (storefront §5, §8; the link is ours).
  signInLinkSent: 'If this address has an account, a sign-in link is on its way. Please check your email inbox/spam folder.',
  // Password reset (storefront §5; the second is ours).
  checkYourEmail: 'check your email',
  passwordChanged: 'Your password has been changed, please log in',
  // E-mail verification (back office §8).
  userVerified: 'User verified successfully!!',
  // Admin actions (back office §5, §8).
  userSuspended: 'User suspended successfully!!!',
  userUnsuspended: 'User unsuspended successfully!!!',
  adminEmailVerified: 'User Email Verify Successfull!!',
  userAdded: 'User added successfully!!!',
  checkEmailToVerifyAccount: 'Please check your email to verify your account!!',

  // TRANSITION (decision 0026): refusal texts other areas still name here; each is the
  // catalogue's English, so its reason stays the same until those callers refuse by key.
  invalidEmail: R.INVALID_EMAIL.en,
  nameInvalid: R.NAME_INVALID.en,
  accountSuspended: R.ACCOUNT_SUSPENDED.en,
  sessionExpired: C.SESSION_EXPIRED.en,
  tooManySignUps: R.TOO_MANY_SIGN_UPS.en,
  tooManyLoginAttempts: R.TOO_MANY_LOGIN_ATTEMPTS.en,
  tooManyMailRequests: R.TOO_MANY_MAIL_REQUESTS.en,
  loginDelayed: R.LOGIN_DELAYED.en,
  loginFirst: C.LOGIN_FIRST.en,
  permissionDenied: C.PERMISSION_DENIED.en,
  tooManyRequests: C.TOO_MANY_REQUESTS.en,
  invalidDateRange: C.INVALID_DATE_RANGE.en,
  invalidDay: C.INVALID_DAY.en,
  invalidMonth: C.INVALID_MONTH.en,
  courseNotFound: 'Course not found',
} as const;
