import { identityV1 } from '@taal/contracts';

/** A user as the API shows it: the specs' field names; money in integer poisha; never the password. */
export interface ApiUser {
  _id: string;
  studentId: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  /** API path of the photo (needs a token), or '' when there is none. */
  photo: string;
  dob: string;
  referralCode: string;
  referredBy: string;
  pending_balance: number;
  balance: number;
  subscriber: boolean;
  suspend: boolean;
  emailVerify: boolean;
  first_purchase: boolean;
  loginFrom: string;
  type: number;
  instructor: string;
  createdAt: string;
}

export function toApiUser(u: identityV1.User): ApiUser {
  return {
    _id: u.id,
    studentId: u.studentId,
    name: u.name,
    email: u.email,
    phone: u.phone,
    address: u.address,
    photo: u.photo ? `/api/v1/user/${u.id}/photo` : '',
    dob: u.dob,
    referralCode: u.referralCode,
    referredBy: u.referredBy,
    pending_balance: u.pendingBalance,
    balance: u.balance,
    subscriber: u.subscriber,
    suspend: u.suspend,
    emailVerify: u.emailVerify,
    first_purchase: u.firstPurchase,
    loginFrom: u.loginFrom,
    type: u.type,
    instructor: u.instructor,
    createdAt: u.createdAt,
  };
}

/** What a login, social login or refresh answers. */
export function toApiSession(s: identityV1.Session | undefined) {
  return {
    token: s?.accessToken ?? '',
    accessTokenExpiresAt: s?.accessTokenExpiresAt ?? '',
    refreshToken: s?.refreshToken ?? '',
    type: s?.user?.type ?? 0,
    user: toApiUser(s?.user ?? identityV1.User.fromPartial({})),
  };
}
