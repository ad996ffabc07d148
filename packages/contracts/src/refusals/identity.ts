import { AccountFieldLimits as L } from '../account-rules';
import { bengaliDigits as bn } from '../bangladesh-time';
import type { Refusal } from './refusal';

/**
 * The identity refusals (decision 0026): the spec's exact English where it has one (storefront
 * §5/§8, back office §5/§8, misspellings included), marked "ours" otherwise. The keys are the
 * reasons clients already knew (`INVALID_EMAIL`, `LOGIN_FAILED`, …). The field limits are
 * constants of account-rules.ts, written into the texts (a form's field texts take no params).
 */
export const IdentityRefusals = {
  // Sign-up (storefront §5, §8).
  NAME_REQUIRED: { status: 400, en: '*Name required', bn: '*নাম আবশ্যক' },
  EMAIL_REQUIRED: { status: 400, en: '*Email required', bn: '*ইমেইল আবশ্যক' },
  INVALID_EMAIL: { status: 400, en: '*Invalid email', bn: '*ইমেইলটি সঠিক নয়' },
  PASSWORD_REQUIRED: { status: 400, en: '*Password required', bn: '*পাসওয়ার্ড আবশ্যক' },
  CONFIRM_PASSWORD_REQUIRED: { status: 400, en: '*Confirm password required', bn: '*পাসওয়ার্ড নিশ্চিতকরণ আবশ্যক' },
  PASSWORD_MISMATCH: { status: 400, en: "password didn't match", bn: 'পাসওয়ার্ড মেলেনি' },
  PASSWORD_TOO_SHORT: { status: 400, en: 'password should be more than 5 character', bn: 'পাসওয়ার্ড ৫ অক্ষরের বেশি হতে হবে' },
  PHOTO_REQUIRED: { status: 400, en: '*Photo required', bn: '*ছবি আবশ্যক' },
  DOB_REQUIRED: { status: 400, en: '*Date of birth required', bn: '*জন্মতারিখ আবশ্যক' },
  PHONE_REQUIRED: { status: 400, en: '*Phone number required', bn: '*ফোন নম্বর আবশ্যক' },
  ADDRESS_REQUIRED: { status: 400, en: '*Address required', bn: '*ঠিকানা আবশ্যক' },
  FILL_REQUIRED: { status: 400, en: 'Please fill all the required fields', bn: 'অনুগ্রহ করে সব আবশ্যক ঘর পূরণ করুন' },
  EMAIL_TAKEN: { status: 409, en: 'Email is already registered, please use login to continue.', bn: 'এই ইমেইল দিয়ে আগেই নিবন্ধন করা হয়েছে, চালিয়ে যেতে অনুগ্রহ করে লগইন করুন।' },
  // Ours: the spec says the date cannot be in the future and the phone is digits only, without wording.
  DOB_IN_FUTURE: { status: 400, en: '*Date of birth cannot be in the future', bn: '*জন্মতারিখ ভবিষ্যতের হতে পারে না' },
  DOB_INVALID: { status: 400, en: '*Invalid date of birth', bn: '*জন্মতারিখটি সঠিক নয়' },
  // Ours: the terms' age rule (decision 0047).
  TOO_YOUNG: { status: 400, en: 'You must be at least 13 years old to sign up for Taal', bn: 'তালে নিবন্ধন করতে আপনার বয়স অন্তত ১৩ বছর হতে হবে' },
  GUARDIAN_EMAIL_REQUIRED: { status: 400, en: "*A parent's or guardian's email is required for students under 18", bn: '*১৮ বছরের কম বয়সী শিক্ষার্থীদের জন্য অভিভাবকের ইমেইল আবশ্যক' },
  GUARDIAN_EMAIL_INVALID: { status: 400, en: "*Invalid guardian's email", bn: '*অভিভাবকের ইমেইলটি সঠিক নয়' },
  GUARDIAN_EMAIL_SAME: { status: 400, en: "*The guardian's email must be a different mailbox from your own (not your own address with a +tag or dots)", bn: '*অভিভাবকের ইমেইল আপনার নিজের ইমেইল থেকে আলাদা মেইলবক্স হতে হবে (+ট্যাগ বা ডট দেওয়া আপনার নিজের ঠিকানা নয়)' },
  GUARDIAN_LINK_INVALID: { status: 400, en: 'This approval link is invalid or has expired', bn: 'অনুমোদনের এই লিংকটি সঠিক নয় অথবা এর মেয়াদ শেষ হয়ে গেছে' },
  GUARDIAN_LINK_USED: { status: 409, en: 'This approval link was already used', bn: 'অনুমোদনের এই লিংকটি আগেই ব্যবহার করা হয়েছে' },
  GUARDIAN_APPROVAL_PENDING: {
    status: 403,
    en: "Your parent or guardian has not approved your account yet. Ask them to open the link we e-mailed them; then you can buy courses and gift cards.",
    bn: 'আপনার অভিভাবক এখনও আপনার অ্যাকাউন্ট অনুমোদন করেননি। তাঁদের পাঠানো ইমেইলের লিংকটি খুলতে বলুন; তারপর আপনি কোর্স ও গিফট কার্ড কিনতে পারবেন।',
  },
  // Ours (decision 0077): a social sign-up has no date of birth; it is asked at the first purchase.
  DOB_NEEDED_TO_BUY: {
    status: 403,
    en: 'Please tell us your date of birth before your first purchase.',
    bn: 'প্রথম কেনাকাটার আগে অনুগ্রহ করে আপনার জন্মতারিখ জানান।',
  },
  DOB_LOCKED: {
    status: 400,
    en: '*Your date of birth cannot be changed once it is set. If it is wrong, please contact support.',
    bn: '*জন্মতারিখ একবার দেওয়ার পর আর বদলানো যায় না। ভুল হয়ে থাকলে অনুগ্রহ করে সাপোর্টে যোগাযোগ করুন।',
  },
  PHONE_DIGITS_ONLY: { status: 400, en: '*Phone number must contain digits only', bn: '*ফোন নম্বরে শুধু অঙ্ক থাকতে পারবে' },
  // Ours: the spec says the photo is an image; the size cap is ours.
  PHOTO_NOT_IMAGE: { status: 400, en: '*Photo must be an image (JPEG, PNG, GIF or WebP) of at most 5 MB', bn: '*ছবিটি অবশ্যই সর্বোচ্চ ৫ এমবির একটি ইমেজ (JPEG / PNG / GIF বা WebP) হতে হবে' },
  PHOTO_TOO_LARGE: { status: 413, en: 'The photo is larger than 5 MB', bn: 'ছবিটি ৫ এমবির চেয়ে বড়' },
  // Ours: the spec gives no length limits; the limits are in account-rules.ts.
  NAME_TOO_LONG: { status: 400, en: `*Name must be at most ${L.name} characters`, bn: `*নাম সর্বোচ্চ ${bn(L.name)} অক্ষরের হতে পারে` },
  NAME_INVALID: { status: 400, en: '*Name must not contain control characters', bn: '*নামে নিয়ন্ত্রণ অক্ষর থাকতে পারবে না' },
  EMAIL_TOO_LONG: { status: 400, en: `*Email must be at most ${L.email} characters`, bn: `*ইমেইল সর্বোচ্চ ${bn(L.email)} অক্ষরের হতে পারে` },
  PASSWORD_TOO_LONG: { status: 400, en: `password should be at most ${L.password} characters`, bn: `পাসওয়ার্ড সর্বোচ্চ ${bn(L.password)} অক্ষরের হতে পারে` },
  PHONE_TOO_LONG: { status: 400, en: `*Phone number must be at most ${L.phone} digits`, bn: `*ফোন নম্বর সর্বোচ্চ ${bn(L.phone)} অঙ্কের হতে পারে` },
  ADDRESS_TOO_LONG: { status: 400, en: `*Address must be at most ${L.address} characters`, bn: `*ঠিকানা সর্বোচ্চ ${bn(L.address)} অক্ষরের হতে পারে` },
  ADDRESS_INVALID: { status: 400, en: '*Address must not contain control characters', bn: '*ঠিকানায় নিয়ন্ত্রণ অক্ষর থাকতে পারবে না' },
  REFER_CODE_TOO_LONG: { status: 400, en: `Referral code must be at most ${L.referCode} characters`, bn: `রেফারেল কোড সর্বোচ্চ ${bn(L.referCode)} অক্ষরের হতে পারে` },
  INSTRUCTOR_TOO_LONG: { status: 400, en: `Instructor must be at most ${L.instructor} characters`, bn: `প্রশিক্ষক সর্বোচ্চ ${bn(L.instructor)} অক্ষরের হতে পারে` },
  TOO_MANY_SIGN_UPS: { status: 429, en: 'Too many sign-ups from your network or for this e-mail domain. Please try again later.', bn: 'আপনার নেটওয়ার্ক বা এই ইমেইল ডোমেইন থেকে অনেক বেশি নিবন্ধন হয়েছে। অনুগ্রহ করে পরে আবার চেষ্টা করুন।' },

  // Login (storefront §5, §8).
  LOGIN_MISSING: { status: 400, en: 'Email or password is missing!', bn: 'ইমেইল বা পাসওয়ার্ড দেওয়া হয়নি!' },
  LOGIN_FAILED: { status: 401, en: 'Login Failed!! Please try with correct Credentials.', bn: 'লগইন ব্যর্থ হয়েছে!! অনুগ্রহ করে সঠিক তথ্য দিয়ে চেষ্টা করুন।' },
  EMAIL_NOT_VERIFIED: { status: 403, en: 'Please check your email inbox/spam folder and verify your email', bn: 'অনুগ্রহ করে আপনার ইমেইলের ইনবক্স/স্প্যাম ফোল্ডার দেখুন এবং ইমেইল যাচাই করুন' },
  // Ours. 401 wherever it is answered: a suspended account cannot sign in, and its sessions end.
  ACCOUNT_SUSPENDED: { status: 401, en: 'Your account is suspended. Please contact support.', bn: 'আপনার অ্যাকাউন্ট স্থগিত করা হয়েছে। অনুগ্রহ করে সাপোর্টে যোগাযোগ করুন।' },
  TOO_MANY_LOGIN_ATTEMPTS: { status: 429, en: 'Too many failed login attempts. Please wait 15 minutes and try again.', bn: 'অনেকবার ভুল লগইনের চেষ্টা হয়েছে। অনুগ্রহ করে ১৫ মিনিট অপেক্ষা করে আবার চেষ্টা করুন।' },
  TOO_MANY_MAIL_REQUESTS: { status: 429, en: 'Too many e-mails requested for this address. Please wait an hour and try again.', bn: 'এই ঠিকানার জন্য অনেক বেশি ইমেইল চাওয়া হয়েছে। অনুগ্রহ করে এক ঘণ্টা অপেক্ষা করে আবার চেষ্টা করুন।' },
  // Ours (decision 0005): an account with many failed logins waits longer before each new try.
  LOGIN_DELAYED: { status: 429, en: 'Too many failed logins for this account. Please wait a few minutes and try again, or have a sign-in link e-mailed to you.', bn: 'এই অ্যাকাউন্টে অনেকবার ভুল লগইন হয়েছে। অনুগ্রহ করে কয়েক মিনিট অপেক্ষা করে আবার চেষ্টা করুন, অথবা ইমেইলে একটি সাইন-ইন লিংক নিন।' },
  SIGN_IN_LINK_INVALID: { status: 400, en: 'This sign-in link is invalid, has expired or was already used', bn: 'এই সাইন-ইন লিংকটি সঠিক নয়, মেয়াদ শেষ হয়ে গেছে বা আগেই ব্যবহার করা হয়েছে' },
  // Ours: Google or Facebook login.
  SOCIAL_LOGIN_NOT_CONFIGURED: { status: 400, en: 'This login method is not available', bn: 'এই পদ্ধতিতে লগইন করা যাচ্ছে না' },
  SOCIAL_LOGIN_NO_EMAIL: { status: 400, en: 'Your account did not share an e-mail address, please sign up with e-mail', bn: 'আপনার অ্যাকাউন্ট কোনো ইমেইল ঠিকানা জানায়নি, অনুগ্রহ করে ইমেইল দিয়ে নিবন্ধন করুন' },

  // Password reset (storefront §5). The spec's words exactly, its grammar kept (issue 55: not a typo to fix; refusal.ts).
  ANY_FIELD_MISSING: { status: 400, en: 'any of the field is missing', bn: 'কোনো একটি ঘর পূরণ করা হয়নি' },
  // Ours.
  RESET_LINK_INVALID: { status: 400, en: 'This password reset link is invalid or has expired', bn: 'পাসওয়ার্ড রিসেটের এই লিংকটি সঠিক নয় অথবা এর মেয়াদ শেষ হয়ে গেছে' },
  // Ours: the "forgot password" check of an address nobody registered.
  EMAIL_NOT_REGISTERED: { status: 404, en: 'Email is not registered', bn: 'এই ইমেইল দিয়ে কোনো নিবন্ধন নেই' },

  // E-mail verification (back office §8 and ours).
  VERIFICATION_FAILED: { status: 400, en: 'verification Unsuccessfull!!', bn: 'যাচাই সফল হয়নি!!' },
  VERIFY_LINK_INVALID: { status: 400, en: 'This verification link is invalid or has expired', bn: 'যাচাইকরণের এই লিংকটি সঠিক নয় অথবা এর মেয়াদ শেষ হয়ে গেছে' },

  // The Profile tab (storefront §7; 'User Update Failed!' is the spec's, the fields' texts ours).
  PROFILE_UPDATE_FAILED: { status: 400, en: 'User Update Failed!', bn: 'ব্যবহারকারীর তথ্য হালনাগাদ করা যায়নি!' },
  NOTHING_TO_UPDATE: { status: 400, en: 'Send a detail, a new password or a photo to change', bn: 'পরিবর্তনের জন্য কোনো তথ্য, নতুন পাসওয়ার্ড অথবা একটি ছবি দিন' },
  // Ours (issue 36, decision 0039): a new password needs the current one (not on the mailed reset).
  // 403: the caller is signed in but has not shown they know the password; a 401 would end the session.
  CURRENT_PASSWORD_REQUIRED: { status: 403, en: '*Enter your current password to change it', bn: '*পাসওয়ার্ড বদলাতে বর্তমান পাসওয়ার্ডটি দিন' },
  CURRENT_PASSWORD_WRONG: { status: 403, en: '*The current password is not correct', bn: '*বর্তমান পাসওয়ার্ডটি সঠিক নয়' },
  PASSWORD_SET_BY_MAIL: {
    status: 403,
    en: 'This account has no password yet: set one through a password reset link ("Forgot password")',
    bn: 'এই অ্যাকাউন্টে এখনো কোনো পাসওয়ার্ড নেই: পাসওয়ার্ড রিসেটের লিংক দিয়ে একটি পাসওয়ার্ড ঠিক করুন ("পাসওয়ার্ড ভুলে গেছেন")',
  },

  // Admin actions (back office §5, §8).
  SOME_FIELD_NOT_FILLED: { status: 400, en: 'Some field is not fillup!!!', bn: 'কোনো ঘর পূরণ করা হয়নি!!!' },
  USER_NOT_ADDED: { status: 400, en: 'User is not added!!!', bn: 'ব্যবহারকারী যোগ করা যায়নি!!!' },
  EMAIL_EXISTS: { status: 409, en: 'email is exist!!', bn: 'ইমেইলটি আগে থেকেই আছে!!' },
  // Ours.
  INVALID_ACCOUNT_TYPE: { status: 400, en: 'Account type must be Admin (1) or Content Uploader (2)', bn: 'অ্যাকাউন্টের ধরন অবশ্যই অ্যাডমিন (১) বা কনটেন্ট আপলোডার (২) হতে হবে' },
  UNKNOWN_USER_TYPE: { status: 400, en: 'Unknown user type: use 1, 2, 3, 4, all, student or subscriber', bn: 'অজানা ব্যবহারকারীর ধরন: ১, ২, ৩, ৪, "all", "student" অথবা "subscriber" ব্যবহার করুন' },
  USER_NOT_FOUND: { status: 404, en: 'User not found', bn: 'ব্যবহারকারীকে পাওয়া যায়নি' },
  PHOTO_NOT_FOUND: { status: 404, en: 'Photo not found', bn: 'ছবিটি পাওয়া যায়নি' },
  CANNOT_SUSPEND_SELF: { status: 400, en: 'You cannot suspend your own account', bn: 'আপনি নিজের অ্যাকাউন্ট স্থগিত করতে পারবেন না' },
} as const satisfies Record<string, Refusal>;

export type IdentityRefusalKey = keyof typeof IdentityRefusals;
