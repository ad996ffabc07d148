/**
 * The terms' age rule at the money paths (decision 0047): a 13-17-year-old student whose guardian
 * has not yet approved (identity's `guardianStatus` 'pending') cannot open an order. Every purchase
 * (a course by wallet, voucher or card; gift cards) starts with an order, and an account only ever
 * goes from pending to approved, so refusing the order refuses every way of paying. Identity is
 * asked at the time of the order (not the access token), so an approval counts at once.
 */
import type { identityV1 } from '@taal/contracts';
import type { AuthenticatedCaller } from './auth';
import { refusal } from './errors';
import type { ServiceApi } from './service-client';

export async function refuseUnapprovedBuyer(identity: ServiceApi<identityV1.IdentityServiceServer>, caller: AuthenticatedCaller): Promise<identityV1.User | undefined> {
  const { user } = await identity.getUser({ id: caller.userId }, caller);
  if (user?.guardianStatus === 'pending') throw refusal('GUARDIAN_APPROVAL_PENDING');
  return user;
}

/** How the order routes document the refusal. */
export const GUARDIAN_PENDING_TEXT = "a parent's or guardian's approval is pending for this under-18 student (GUARDIAN_APPROVAL_PENDING, decision 0047)";
