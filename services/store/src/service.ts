import path from 'node:path';
import { commerceServiceClient } from '@taal/commerce/client';
import { ServiceNames, storeV1 } from '@taal/contracts';
import { addressOf, composeService, serviceDepsOf, type ComposedService, type SqlServiceDeps, defineService, loadConfig } from '@taal/kit';
import { configuredCardGateway, migrateCardAttempts, startCardReconciler, type CardReconcileSettings } from '@taal/payments';
import { Catalog } from './app/catalog';
import { seedDemoStore } from './app/demo';
import { GiftCards, type WalletCredit } from './app/gift-cards';
import { Orders, type StoreCardGateway } from './app/orders';
import { storeConfig } from './config';
import { keepContacts } from './events/contacts';
import { storeGrpcService } from './grpc/store-service';
import { SCHEMA } from './store/schema';
import { StoreDb } from './store/store-db';
import { storeApi } from './api';

export interface StoreDeps extends SqlServiceDeps {
  /** Where commerce answers gRPC (redeemed cards are credited there). */
  commerceAddress: string;
  cardGateway: StoreCardGateway;
  /** When attempts that heard nothing back are asked about at the gateway (defaults: after 2 min, every minute). */
  cardReconcile?: CardReconcileSettings;
  seedDemoData?: boolean;
  /** The clock (tests move it past a card's valid_to). */
  now?: () => Date;
  /** Tests may replace commerce's wallet (e.g. one that is down). */
  wallet?: WalletCredit;
}

export type RunningStore = ComposedService<{
  db: StoreDb;
  catalog: Catalog;
  orders: Orders;
  giftCards: GiftCards;
}>;

export const STORE_SERVICE_NAME = 'taal.store.v1.StoreService';

/** Wires the store: the kit's skeleton (migrations, outbox relay, gRPC server, stop order) around its own parts. */
export function startStore(deps: StoreDeps): Promise<RunningStore> {
  const { sql, bus, logger } = deps;
  return composeService({ ...deps, name: 'store', schema: { name: SCHEMA, migrations: path.join(__dirname, '..', 'migrations') } }, async ({ notify, keep }) => {
    await migrateCardAttempts(sql, SCHEMA, 'store_order');
    const db = new StoreDb(sql);
    if (deps.seedDemoData) await seedDemoStore(db, logger);
    // Commerce's CreditGiftCard, asked as the store itself (no user token; decision 0008).
    const wallet = deps.wallet ?? { credit: keep(commerceServiceClient(deps.commerceAddress, deps.auth.issuer)).creditGiftCard };

    // Code mails are asked of messaging in the paying transaction (decision 0023).
    const catalog = new Catalog(db);
    const orders = new Orders(sql, db, deps.cardGateway, logger.child({ component: 'store-payments' }), notify, deps.now);
    const giftCards = new GiftCards(sql, db, wallet, logger.child({ component: 'gift-cards' }), notify, deps.now);
    keep(await keepContacts(sql, bus, db, logger));
    keep(startCardReconciler({ reconcile: (options) => orders.reconcileCardPayments(options) }, logger.child({ component: 'store-payments' }), deps.cardReconcile));
    return {
      services: [{ definition: storeV1.StoreServiceService, implementation: storeGrpcService(catalog) }],
      // Its own routes call these directly (RunningService.useCases, issue 52).
      extras: { db, catalog, orders, giftCards, useCases: { catalog, orders, giftCards } },
    };
  });
}

/** The gift-card store in the service registry (decision 0011). */
export const storeService = defineService({
  name: ServiceNames.store,
  api: storeApi,
  needs: { sql: true, bus: true },
  listens: { grpc: { port: 50055, healthName: STORE_SERVICE_NAME } },
  config: (env) => loadConfig(storeConfig, env),
  start: (ports, config, ctx) => {
    return startStore({
      sql: ports.sql,
      bus: ports.bus,
      ...serviceDepsOf(ctx),
      commerceAddress: addressOf(ctx.endpoints, ServiceNames.commerce, 'the store'),
      cardGateway: { client: configuredCardGateway(config, ctx.mode, ctx.publicUrl), publicUrl: ctx.publicUrl },
      cardReconcile: config,
      seedDemoData: config.SEED_DEMO_DATA,
    });
  },
});
