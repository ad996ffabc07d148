/**
 * Referral bonuses (decision 0014): promised when a referred student signs up, paid in the
 * transaction that pays their first order that paid at least the bonus. Aliases of one mailbox are one
 * person: a sign-up from the referrer's own mailbox, or from a mailbox already here, earns nothing.
 */
import { poishaToTaka, requestNotification } from '@taal/contracts';
import { createEnvelope, enqueueEvent, type SqlExecutor } from '@taal/kit';
import type { Logger } from 'pino';
import { normaliseMailbox, orderEarnsBonus, REFERRAL_BONUS_POISHA, referralRefusal } from '../domain/referrals';
import type { CommerceStore } from '../store/commerce-store';
import type { OrderRow } from '../store/order-rows';
import { SCHEMA } from '../store/schema';

/**
 * A registration (`identity.user.registered`, once per event): keeps the account's mailbox and,
 * when it came through a referral code, records the referral as pending or refused (logged).
 */
export async function recordRegistration(
  tx: SqlExecutor,
  store: CommerceStore,
  logger: Logger,
  user: { id: string; name: string; email: string; referredBy: string },
): Promise<void> {
  const mailbox = normaliseMailbox(user.email);
  const mailboxKnown = await store.referrals.mailboxKnown(tx, mailbox, user.id);
  if (mailbox) await store.referrals.recordMailbox(tx, user.id, mailbox);
  if (!user.referredBy) return;
  const referral = { referredId: user.id, referrerId: user.referredBy, referredName: user.name, referredMailbox: mailbox, amount: REFERRAL_BONUS_POISHA };
  let refusedReason = referralRefusal({ ...referral, referrerMailbox: await store.referrals.mailboxOf(tx, user.referredBy), mailboxKnown });
  let recorded = await store.referrals.insertReferral(tx, { ...referral, refusedReason });
  if (!recorded && !refusedReason && !(await store.referrals.hasReferral(tx, user.id))) {
    // Another account of this mailbox got its pending referral in first (the unique index).
    refusedReason = 'MAILBOX_KNOWN';
    recorded = await store.referrals.insertReferral(tx, { ...referral, refusedReason });
  }
  if (recorded && refusedReason) {
    logger.info({ referredId: user.id, referrerId: user.referredBy, reason: refusedReason }, 'referral refused: no bonus for this sign-up');
  }
}

/**
 * In the transaction that pays `row` (locked): when the order paid at least the bonus (wallet and card) and
 * its buyer has a pending referral, the referrer gets the bonus (a ledger credit, once per
 * referred student) and a notification. A pending referral that turns out to be the referrer's
 * own mailbox (the referrer's sign-up was seen after the referral's) is refused instead.
 */
export async function creditReferral(tx: SqlExecutor, store: CommerceStore, row: OrderRow): Promise<void> {
  const referral = await store.referrals.lockPendingReferral(tx, row.user_id);
  if (!referral) return;
  if (!orderEarnsBonus({ walletUsed: Number(row.wallet_used), cardPaid: Number(row.payable) }, referral.amount)) return;
  const refusedReason = referralRefusal({
    referredId: row.user_id,
    referrerId: referral.referrerId,
    referredMailbox: referral.referredMailbox || (await store.referrals.mailboxOf(tx, row.user_id)),
    referrerMailbox: await store.referrals.mailboxOf(tx, referral.referrerId),
    mailboxKnown: false,
  });
  await store.referrals.settleReferral(tx, row.user_id, refusedReason);
  if (refusedReason) return;
  await store.wallets.post(tx, { userId: referral.referrerId, kind: 'referral_bonus', amount: referral.amount, credit: { flow: 'referral', key: row.user_id } });
  // The referrer hears of it (decision 0023): one notification per referred student.
  await enqueueEvent(
    tx,
    SCHEMA,
    createEnvelope(
      requestNotification(
        referral.referrerId,
        `referral-bonus:${row.user_id}`,
        'referralBonus',
        { amount: referral.amount },
        `BDT ${poishaToTaka(referral.amount)} referral bonus was added to your wallet.`,
      ),
    ),
  );
}
