/**
 * The terms' age rule at the money paths (decisions 0047 and 0077): a student without a date of
 * birth (a Google or Facebook sign-up; 0077) cannot open an order until they give one (it is asked
 * at the first purchase, under the sign-up's rule), and a 13-17-year-old student whose guardian has
 * not yet approved (identity's `guardianStatus` 'pending') cannot open one either. Every purchase
 * (a course by wallet, voucher or card; gift cards) starts with an order, and an account only ever
 * goes from pending to approved, so refusing the order refuses every way of paying. Identity is
 * asked at the time of the order (not the access token), so a date given or an approval counts at once.
 */
import { UserRoles, type identityV1 } from '@taal/contracts';
import type { AuthenticatedCaller } from './auth';
import { refusal } from './errors';
import type { ServiceApi } from './service-client';

export async function refuseUnapprovedBuyer(identity: ServiceApi<identityV1.IdentityServiceServer>, caller: AuthenticatedCaller): Promise<identityV1.User | undefined> {
  const { user } = await identity.getUser({ id: caller.userId }, caller);
  if (user && user.type === UserRoles.student && !user.dob) throw refusal('DOB_NEEDED_TO_BUY');
  if (user?.guardianStatus === 'pending') throw refusal('GUARDIAN_APPROVAL_PENDING');
  return user;
}

/** How the order routes document the refusals. */
export const GUARDIAN_PENDING_TEXT =
  "a student without a date of birth (a Google or Facebook sign-up: DOB_NEEDED_TO_BUY, given with POST user/ under the age rule, decision 0077), or a parent's or guardian's approval is pending for this under-18 student (GUARDIAN_APPROVAL_PENDING, decision 0047)";
