import path from 'node:path';
import { catalogueServiceClient } from '@taal/catalogue/client';
import { commerceV1, IdentityEvents, identityEventsV1, ServiceNames, StoreEvents, storeEventsV1 } from '@taal/contracts';
import {
  addressOf,
  composeService,
  serviceDepsOf,
  type ComposedService,
  type SqlServiceDeps,
  consumeEvents,
  consumeDecoded,
  defineService,
  loadConfig,
  refusalKeyOf,
  refuse,
  startPeriodicJob,
  UserDataVersions,
} from '@taal/kit';
import { configuredCardGateway, migrateCardAttempts, startCardReconciler, type CardReconcileSettings } from '@taal/payments';
import { CardPayments, type CardGateway } from './app/card-payments';
import { Commerce, type CourseSource } from './app/commerce';
import { recordRegistration } from './app/referrals';
import { commerceConfig, type CommerceConfig } from './config';
import { commerceGrpcService } from './grpc/commerce-service';
import { CommerceStore } from './store/commerce-store';
import { SCHEMA } from './store/schema';
import { commerceApi } from './api';

export interface CommerceDeps extends SqlServiceDeps {
  /** Where the catalogue answers gRPC (prices and validity come from there). */
  catalogueAddress: string;
  /** How often overdue unpaid orders are expired and their reservations released (default 60 s). */
  expirySweepMs?: number;
  /** The card gateway's client and the site's public URL (IPN and return URLs). */
  cardGateway: CardGateway;
  /** When attempts that heard nothing back are asked about at the gateway (defaults: after 2 min, every minute). */
  cardReconcile?: CardReconcileSettings;
  /** Told when a card payment or a gift card changes a student's orders or wallet (the edge's cached answers, decision 0033). */
  userData?: UserDataVersions;
}

export type RunningCommerce = ComposedService<{
  commerce: Commerce;
  cards: CardPayments;
}>;

export const COMMERCE_SERVICE_NAME = 'taal.commerce.v1.CommerceService';

/** Wires commerce: the kit's skeleton (migrations, outbox relay, gRPC server, stop order) around its own parts. */
export function startCommerce(deps: CommerceDeps): Promise<RunningCommerce> {
  const { sql, bus, logger } = deps;
  return composeService({ ...deps, name: 'commerce', schema: { name: SCHEMA, migrations: path.join(__dirname, '..', 'migrations') } }, async ({ notify, keep }) => {
    await migrateCardAttempts(sql, SCHEMA, 'purchase_order');
    const store = new CommerceStore(sql, logger);
    // Prices come from the catalogue as commerce itself (no user: a draft is null) and are read
    // fresh for every order, so nothing is kept; a catalogue that does not answer is SERVICE_UNAVAILABLE.
    const catalogue = keep(catalogueServiceClient(deps.catalogueAddress, deps.auth.issuer));
    const courses: CourseSource = {
      getCourse: (id, withSaleTerms = false) =>
        catalogue.course(id, { saleTerms: withSaleTerms }).catch(() => {
          throw refuse('SERVICE_UNAVAILABLE');
        }),
    };
    const userDataChanged = (userId: string) => void deps.userData?.changed(userId);
    const commerce = new Commerce(sql, store, courses, notify, undefined, userDataChanged);
    const cards = new CardPayments(sql, store, deps.cardGateway, logger.child({ component: 'card-payments' }), notify, undefined, userDataChanged);

    // Referral bonuses are promised when a referred student signs up (decision 0014). Each
    // account's mailbox is kept too; this group replaces 'commerce.referrals' so that the
    // mailboxes of accounts registered before are read from the earliest event as well.
    keep(
      await consumeDecoded(
        { sql, schema: SCHEMA, bus, group: 'commerce.registrations', logger, type: IdentityEvents.userRegistered, codec: identityEventsV1.UserRegistered },
        async ({ user }, tx) => {
          if (user) await recordRegistration(tx, store, logger, { id: user.id, name: user.name, email: user.email, referredBy: user.referredBy });
        },
      ),
    );

    // Redeemed gift cards (decision 0012): the store also calls CreditGiftCard at once; both meet
    // one ledger entry per card, so this is the backstop when that call did not arrive.
    keep(
      await consumeEvents({
        sql,
        schema: SCHEMA,
        bus,
        group: 'commerce.gift-cards',
        types: [StoreEvents.giftCardRedeemed],
        from: 'earliest',
        logger,
        prepare: async (event) => storeEventsV1.GiftCardRedeemed.decode(event.payload),
        handler: async (_event, tx, card) => {
          try {
            await commerce.recordGiftCardCredit(tx, { userId: card.userId, giftCardId: card.giftCardId, amount: card.value, productName: card.productName });
          } catch (err) {
            // The card's reference holds a different credit (logged as an error where it was found,
            // decision 0036); the store's direct call told the student so. Redelivering cannot change it.
            if (refusalKeyOf(err) !== 'LEDGER_REFERENCE_TAKEN') throw err;
          }
        },
        afterCommit: async (_event, card) => userDataChanged(card.userId),
      }),
    );

    keep(
      startPeriodicJob({
        name: 'order expiry sweep',
        run: async () => {
          const expired = await commerce.expireOverdue();
          if (expired > 0) logger.info({ expired }, 'unpaid orders expired, wallet reservations released');
        },
        intervalMs: deps.expirySweepMs ?? 60_000,
        logger,
      }),
    );
    keep(startCardReconciler({ reconcile: (options) => cards.reconcile(options) }, logger.child({ component: 'card-payments' }), deps.cardReconcile));
    return {
      services: [{ definition: commerceV1.CommerceServiceService, implementation: commerceGrpcService(commerce) }],
      // Its own routes call these directly (RunningService.useCases, issue 52).
      extras: { commerce, cards, useCases: { commerce, cards } },
    };
  });
}

/** Commerce in the service registry (decision 0011): cart, wishlist, vouchers, wallet, orders. */
export const commerceService = defineService({
  name: ServiceNames.commerce,
  api: commerceApi,
  needs: { sql: true, bus: true, cache: true },
  listens: { grpc: { port: 50053, healthName: COMMERCE_SERVICE_NAME } },
  config: (env) => loadConfig(commerceConfig, env),
  start: (ports, config, ctx) => {
    return startCommerce({
      ...ports,
      userData: new UserDataVersions(ports.cache, ctx.logger),
      ...serviceDepsOf(ctx),
      catalogueAddress: addressOf(ctx.endpoints, ServiceNames.catalogue, 'commerce'),
      expirySweepMs: config.ORDER_EXPIRY_SWEEP_MS,
      cardGateway: cardGatewayOf(config, ctx.mode, ctx.publicUrl),
      cardReconcile: config,
    });
  },
});

/** The configured gateway, or in all-in-one our sandbox mounted on the HTTP edge (decision 0014). */
function cardGatewayOf(config: CommerceConfig, mode: 'all-in-one' | 'cluster', publicUrl: () => string): CardGateway {
  return { client: configuredCardGateway(config, mode, publicUrl), publicUrl };
}
