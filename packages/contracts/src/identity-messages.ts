/**
 * Every user-facing message of the identity screens, verbatim from the specs
 * (storefront §5/§8, back office §5/§8), misspellings included. Anything not in the
 * specs is marked as ours.
 */
import { AccountFieldLimits as L } from './account-rules';

export const IdentityMessages = {
  // Sign-up (storefront §5, §8).
  nameRequired: '*Name required',
  emailRequired: '*Email required',
  invalidEmail: '*Invalid email',
  passwordRequired: '*Password required',
  confirmPasswordRequired: '*Confirm password required',
  passwordMismatch: "password didn't match",
  passwordTooShort: 'password should be more than 5 character',
  photoRequired: '*Photo required',
  dobRequired: '*Date of birth required',
  phoneRequired: '*Phone number required',
  addressRequired: '*Address required',
  fillRequired: 'Please fill all the required fields',
  emailTaken: 'Email is already registered, please use login to continue.',
  signUpSuccess: 'check your email to verification',
  // Ours: the spec says the date cannot be in the future and the phone is digits only, without wording.
  dobInFuture: '*Date of birth cannot be in the future',
  dobInvalid: '*Invalid date of birth',
  phoneDigitsOnly: '*Phone number must contain digits only',
  // Ours: the spec says the photo is an image; the size cap is ours.
  photoNotImage: '*Photo must be an image (JPEG, PNG, GIF or WebP) of at most 5 MB',
  // Ours: the spec gives no length limits; the limits are in account-rules.ts.
  nameTooLong: `*Name must be at most ${L.name} characters`,
  nameInvalid: '*Name must not contain control characters',
  emailTooLong: `*Email must be at most ${L.email} characters`,
  passwordTooLong: `password should be at most ${L.password} characters`,
  phoneTooLong: `*Phone number must be at most ${L.phone} digits`,
  addressTooLong: `*Address must be at most ${L.address} characters`,
  addressInvalid: '*Address must not contain control characters',
  referCodeTooLong: `Referral code must be at most ${L.referCode} characters`,
  instructorTooLong: `Instructor must be at most ${L.instructor} characters`,
  tooManySignUps: 'Too many sign-ups from your network or for this e-mail domain. Please try again later.',

  // Login (storefront §5, §8).
  loginMissing: 'Email or password is missing!',
  loginFailed: 'Login Failed!! Please try with correct Credentials.',
  emailNotVerified: 'Please check your email inbox/spam folder and verify your email',
  // Ours.
  accountSuspended: 'Your account is suspended. Please contact support.',
  sessionExpired: 'Your session has expired, please log in again',
  tooManyLoginAttempts: 'Too many failed login attempts. Please wait 15 minutes and try again.',
  tooManyMailRequests: 'Too many e-mails requested for this address. Please wait an hour and try again.',
  // Ours (decision 0005): an account with many failed logins waits longer before each new try.
  loginDelayed: 'Too many failed logins for this account. Please wait a few minutes and try again, or have a sign-in link e-mailed to you.',
  signInLinkSent: 'If this address has an account, a sign-in link is on its way. Please check your email inbox/spam folder.',
  signInLinkInvalid: 'This sign-in link is invalid, has expired or was already used',

  // Password reset (storefront §5).
  anyFieldMissing: 'any of the field is missing',
  checkYourEmail: 'check your email',
  // Ours.
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  passwordChanged: 'Your password has been changed, please log in',

  // E-mail verification (back office §8 and ours).
  userVerified: 'User verified successfully!!',
  verificationFailed: 'verification Unsuccessfull!!',
  // Ours: an expired or tampered verification link.
  verifyLinkInvalid: 'This verification link is invalid or has expired',

  // Admin actions (back office §5, §8).
  userSuspended: 'User suspended successfully!!!',
  userUnsuspended: 'User unsuspended successfully!!!',
  adminEmailVerified: 'User Email Verify Successfull!!',
  someFieldNotFilled: 'Some field is not fillup!!!',
  userAdded: 'User added successfully!!!',
  userNotAdded: 'User is not added!!!',
  emailExists: 'email is exist!!',
  checkEmailToVerifyAccount: 'Please check your email to verify your account!!',

  // Gateway (storefront §5 for the first; ours for the others).
  loginFirst: 'Please login first',
  permissionDenied: 'You do not have permission to do this',
  unknownUserType: 'Unknown user type: use 1, 2, 3, 4, all, student or subscriber',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',

  // Ours.
  userNotFound: 'User not found',
  invalidAccountType: 'Account type must be Admin (1) or Content Uploader (2)',
  socialLoginFailed: 'Login Failed!! Please try with correct Credentials.',
  socialLoginNotConfigured: 'This login method is not available',
  socialLoginNoEmail: 'Your account did not share an e-mail address, please sign up with e-mail',
  invalidDateRange: 'Please choose a valid date range (from and to dates, DD-MM-YYYY or YYYY-MM-DD)',
  // Ours (issue 26): a day or month that does not exist (days.ts), and a course id nobody knows.
  invalidDay: 'Please enter a real date (DD-MM-YYYY or YYYY-MM-DD)',
  invalidMonth: 'The month must be YYYY-MM, e.g. 2024-05',
  courseNotFound: 'Course not found',
} as const;
