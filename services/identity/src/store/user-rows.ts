/** A user's row in identity.users and the user it is for the other services; what a new user and a user list are given. */
import type { identityV1 } from '@taal/contracts';
import { type LoginProvider, type UserRole } from '../domain/user';

export const SCHEMA = 'identity';

type User = identityV1.User;

export interface UserRow {
  id: string;
  student_id: string;
  name: string;
  email: string;
  password_hash: string | null;
  phone: string;
  address: string;
  photo: string;
  photo_type: string;
  dob: string | null;
  referral_code: string;
  referred_by: string | null;
  pending_balance: string;
  balance: string;
  subscriber: boolean;
  suspend: boolean;
  email_verify: boolean;
  first_purchase: boolean;
  login_from: string;
  google_sub: string | null;
  facebook_id: string | null;
  type: number;
  instructor: string;
  language: string;
  /** One more with each password change, reset and suspension: mailed links carry it (decision 0039). */
  credential_epoch: number;
  /** The age rule (decision 0047): '' (no guardian needed), 'pending' or 'approved'. */
  guardian_email: string;
  guardian_status: '' | 'pending' | 'approved';
  /** Carried by the guardian's link; cleared when the link is used (single use). */
  guardian_nonce: string | null;
  created_at: Date;
}

/** Every column, with the date of birth as text (pg would turn a `date` into a local-midnight Date). */
export const COLUMNS = `id, student_id, name, email, password_hash, phone, address, photo, photo_type, dob::text AS dob,
  referral_code, referred_by, pending_balance, balance, subscriber, suspend, email_verify, first_purchase,
  login_from, google_sub, facebook_id, type, instructor, language, credential_epoch, guardian_email, guardian_status, guardian_nonce, created_at`;

// bigint columns come back from pg as strings; poisha amounts stay far below 2^53.
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    studentId: row.student_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    photo: row.photo,
    dob: row.dob ?? '',
    referralCode: row.referral_code,
    referredBy: row.referred_by ?? '',
    pendingBalance: Number(row.pending_balance),
    balance: Number(row.balance),
    subscriber: row.subscriber,
    suspend: row.suspend,
    emailVerify: row.email_verify,
    firstPurchase: row.first_purchase,
    loginFrom: row.login_from,
    type: Number(row.type),
    instructor: row.instructor,
    createdAt: row.created_at.toISOString(),
    language: row.language,
    guardianStatus: row.guardian_status ?? '',
    guardianEmail: row.guardian_email ?? '',
  };
}

export interface NewUser {
  id?: string;
  name: string;
  email: string;
  passwordHash: string | null;
  phone?: string;
  address?: string;
  photo?: string;
  photoType?: string;
  dob?: string | null;
  referredBy?: string | null;
  emailVerify: boolean;
  loginFrom?: LoginProvider | '';
  googleSub?: string | null;
  facebookId?: string | null;
  type: UserRole;
  instructor?: string;
  /** en or bn (default en). */
  language?: 'en' | 'bn';
  /** A 13-17-year-old's guardian (decision 0047): the account starts pending with this link nonce. */
  guardian?: { email: string; nonce: string };
}

export interface UserFilter {
  type?: number;
  subscribersOnly?: boolean;
  socialOnly?: boolean;
  createdFrom?: Date;
  createdBefore?: Date;
}

export const isUniqueViolation = (err: unknown, constraint: string) =>
  (err as { code?: string; constraint?: string } | null)?.code === '23505' &&
  ((err as { constraint?: string }).constraint ?? '').includes(constraint);

/** Thrown by insertUser when the address is already registered. */
export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
  }
}
