/**
 * The store's use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects like a gRPC call (code, details, metadata), so the tests read as before.
 */
import { Metadata } from '@grpc/grpc-js';
import { storeV1 } from '@taal/contracts';
import type { CallerIdentity } from '@taal/kit';
import type { StoreUseCases } from '../api/shape';

type Ctx = { identity: CallerIdentity | null; callerService: string };
/* eslint-disable @typescript-eslint/no-explicit-any -- requests arrive as the tests write them, per method */
type Call = (ctx: Ctx, req: any) => Promise<unknown>;

function callsOf({ catalog, orders, giftCards }: StoreUseCases): Record<string, Call> {
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
/* eslint-enable @typescript-eslint/no-explicit-any */

/** `call(method, request, identity?, callerService?)`: as the gateway by default, for that user (none: no user). */
export function useCaseCalls(useCases: StoreUseCases) {
  const calls = callsOf(useCases);
  return async <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity, callerService = 'gateway'): Promise<Res> => {
    const call = calls[method];
    if (!call) throw new Error(`the store has no use case called ${method}`);
    try {
      // Every field the test leaves out has its message's default, as on the wire.
      const messages = storeV1 as unknown as Record<string, { fromPartial(o: object): object }>;
      const message = messages[`${method[0]!.toUpperCase()}${method.slice(1)}Request`];
      return (await call({ identity: identity ?? null, callerService }, message ? message.fromPartial(request) : request)) as Res;
    } catch (err) {
      // A refusal (the kit's ServiceError) as a gRPC client would have seen it.
      const e = err as { code?: unknown; message: string; metadata?: Metadata };
      if (typeof e.code !== 'number') throw err;
      throw Object.assign(new Error(e.message), { code: e.code, details: e.message, metadata: e.metadata ?? new Metadata() });
    }
  };
}
