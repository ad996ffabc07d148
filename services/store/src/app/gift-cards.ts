/**
 * Issued gift cards: the back office's lists and the student's redemption. A redemption marks the
 * card used and writes `store.gift_card.redeemed` in one transaction (the card row is locked, so
 * of parallel redeems one wins), then asks commerce to credit the wallet at once with the card id
 * as the ledger reference; commerce also consumes the event, and both paths meet one unique
 * ledger entry, so the value is credited exactly once even if the direct call fails or repeats.
 */
import type { Logger } from 'pino';
import { StoreEvents, storeEventsV1, type storeV1 } from '@taal/contracts';
import {
  UserRoles,
  createEnvelope,
  enqueueEvent,
  refuse,
  refusalKeyOf,
  requireIdentity,
  type Sql,
} from '@taal/kit';
import { hashCode, isWellFormedCode, REDEEM_REFUSALS, redeemRefusal } from '../domain/gift-cards';
import { toGiftCard } from '../store/gift-cards';
import { SCHEMA } from '../store/schema';
import type { StoreDb } from '../store/store-db';
import type { Ctx } from './context';

/** Commerce's wallet, as the store sees it. */
export interface WalletCredit {
  /** Credits the card's value once per card id; answers the balance after it (poisha). */
  credit(userId: string, giftCardId: string, amount: number, productName: string): Promise<{ balance: number }>;
}

export class GiftCards {
  constructor(
    private readonly sql: Sql,
    private readonly db: StoreDb,
    private readonly wallet: WalletCredit,
    private readonly logger: Logger,
    private readonly afterCommit: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Every gift card a keyset page at a time, newest first (decision 0084). */
  async list(ctx: Ctx, req: Pick<storeV1.ListGiftCardsRequest, 'cursor' | 'limit'>): Promise<storeV1.ListGiftCardsResponse> {
    requireIdentity(ctx, UserRoles.admin);
    const page = await this.db.giftCards.listGiftCardPage(req.cursor, req.limit);
    return { giftCards: page.items.map(toGiftCard), next: page.next };
  }

  async get(ctx: Ctx, req: storeV1.GetGiftCardRequest) {
    requireIdentity(ctx, UserRoles.admin);
    const row = req.id ? await this.db.giftCards.getGiftCard(req.id) : null;
    if (!row) throw refuse('GIFT_CARD_NOT_FOUND');
    return toGiftCard(row);
  }

  async redeem(ctx: Ctx, req: storeV1.RedeemGiftCardRequest): Promise<storeV1.RedeemGiftCardResponse> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    if (req.userId && req.userId !== userId) throw refuse('WALLET_NOT_YOURS');
    if (!req.code.trim()) throw refuse('GIFT_CARD_CODE_EMPTY');
    if (!isWellFormedCode(req.code)) throw refuse('GIFT_CARD_UNKNOWN');

    const now = this.now();
    const card = await this.sql.transaction(async (tx) => {
      const row = await this.db.giftCards.lockGiftCardByHash(tx, hashCode(req.code));
      const refusal = redeemRefusal(row && { used: row.used, validFrom: row.valid_from, validTo: row.valid_to }, now);
      if (refusal) throw refuse(REDEEM_REFUSALS[refusal]);
      await this.db.giftCards.markGiftCardUsed(tx, row!.id, userId, now);
      await enqueueEvent(
        tx,
        SCHEMA,
        createEnvelope({
          type: StoreEvents.giftCardRedeemed,
          key: userId,
          payload: storeEventsV1.GiftCardRedeemed.encode({
            giftCardId: row!.id,
            userId,
            value: Number(row!.value),
            redeemedAt: now.toISOString(),
            productName: row!.product_name,
          }).finish(),
        }),
      );
      return row!;
    });
    this.afterCommit();
    this.logger.info({ giftCardId: card.id, userId }, 'gift card redeemed');

    let balance = 0;
    try {
      balance = (await this.wallet.credit(userId, card.id, Number(card.value), card.product_name)).balance;
    } catch (err) {
      // Commerce found the card's ledger reference holding a different credit (decision 0036):
      // the value did not reach this wallet, and the student must not be told it did.
      if (refusalKeyOf(err) === 'LEDGER_REFERENCE_TAKEN') {
        this.logger.error({ err, giftCardId: card.id, userId }, 'gift card: commerce refused the wallet credit; the card is used but not credited');
        throw refuse('LEDGER_REFERENCE_TAKEN');
      }
      // The event credits it shortly (commerce's consumer); the card stays used either way.
      this.logger.warn({ err, giftCardId: card.id }, 'gift card: direct wallet credit failed; the event will credit it');
    }
    return { amount: Number(card.value), giftCardId: card.id, message: card.message, balance };
  }
}
