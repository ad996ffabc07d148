/**
 * The store's use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects like a gRPC call (code, details, metadata), so the tests read as before.
 */
import { storeV1 } from '@taal/contracts';
import { callsByName, type NamedCall } from '../../../../tools/testing/use-case-calls';
import type { StoreUseCases } from '../api/shape';

function callsOf({ catalog, orders, giftCards }: StoreUseCases): Record<string, NamedCall> {
  return {
    listCategories: async () => ({ categories: await catalog.listCategories() }),
    createCategory: async (ctx, req) => ({ category: await catalog.createCategory(ctx, req) }),
    updateCategory: async (ctx, req) => ({ category: await catalog.updateCategory(ctx, req) }),
    deleteCategory: async (ctx, req) => (await catalog.deleteCategory(ctx, req), {}),
    listProducts: async () => ({ products: await catalog.listProducts() }),
    getProduct: async (_ctx, req) => ({ product: await catalog.getProduct(req) }),
    createProduct: async (ctx, req) => ({ product: await catalog.createProduct(ctx, req) }),
    updateProduct: async (ctx, req) => ({ product: await catalog.updateProduct(ctx, req) }),
    deleteProduct: async (ctx, req) => (await catalog.deleteProduct(ctx, req), {}),
    createOrder: async (ctx, req) => ({ order: await orders.create(ctx, req) }),
    listOrders: (ctx, req) => orders.list(ctx, req),
    getOrder: async (ctx, req) => ({ order: await orders.get(ctx, req) }),
    getReceipt: (ctx, req) => orders.receipt(ctx, req),
    startPayment: (ctx, req) => orders.startPayment(ctx, req),
    handlePaymentNotification: async (ctx, req) => ({ outcome: await orders.notification(ctx, req) }),
    confirmPaymentReturn: async (ctx, req) => ({ outcome: await orders.browserReturn(ctx, req) }),
    listGiftCards: (ctx, req) => giftCards.list(ctx, req),
    getGiftCard: async (ctx, req) => ({ giftCard: await giftCards.get(ctx, req) }),
    redeemGiftCard: (ctx, req) => giftCards.redeem(ctx, req),
  };
}

/** `call(method, request, identity?, callerService?)`: as the gateway by default, for that user (none: no user). */
export function useCaseCalls(useCases: StoreUseCases) {
  const calls = callsOf(useCases);
  return callsByName('the store', () => calls, storeV1);
}
