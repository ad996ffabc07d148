/**
 * The identity screens' answers that are not refusals, verbatim from the specs (storefront
 * §5/§8, back office §5/§8), misspellings included. Refusals are entries of the refusal
 * catalogue (refusals/identity.ts, refusals/common.ts; decision 0026).
 */
export const IdentityMessages = {
  // Sign-up (storefront §5, §8).
  signUpSuccess: 'check your email to verification', // verbatim: the spec's sign-up toast (issue 55 keeps it; refusals/refusal.ts)
  // Login and sign-in links (storefront §5, §8; the link is ours).
  signInLinkSent: 'If this address has an account, a sign-in link is on its way. Please check your email inbox/spam folder.',
  // Password reset (storefront §5; the second is ours).
  checkYourEmail: 'check your email',
  passwordChanged: 'Your password has been changed, please log in',
  // E-mail verification (back office §8).
  userVerified: 'User verified successfully!!',
  // The age rule (ours, decision 0047).
  guardianApproved: 'Thank you: the account is approved',
  guardianMailSent: "If approval is pending, a new mail is on its way to the guardian's address",
  // Admin actions (back office §5, §8).
  userSuspended: 'User suspended successfully!!!',
  userUnsuspended: 'User unsuspended successfully!!!',
  adminEmailVerified: 'User Email Verify Successfull!!',
  userAdded: 'User added successfully!!!',
  checkEmailToVerifyAccount: 'Please check your email to verify your account!!',

} as const;
