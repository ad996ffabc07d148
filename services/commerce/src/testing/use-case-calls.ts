/**
 * Commerce's use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects like a gRPC call (code, details, metadata), so the tests read as before.
 */
import { commerceV1 } from '@taal/contracts';
import { callsByName, type NamedCall } from '../../../../tools/testing/use-case-calls';
import type { CommerceUseCases } from '../api/shape';

function callsOf({ commerce, cards }: CommerceUseCases): Record<string, NamedCall> {
  return {
    addToCart: async (ctx, req) => ({ cart: await commerce.addToCart(ctx, req) }),
    removeFromCart: async (ctx, req) => ({ cart: await commerce.removeFromCart(ctx, req) }),
    clearCart: async (ctx) => ({ cart: await commerce.clearCart(ctx) }),
    getCart: async (ctx) => ({ cart: await commerce.getCart(ctx) }),
    addToWishlist: async (ctx, req) => ({ items: await commerce.addToWishlist(ctx, req) }),
    removeFromWishlist: async (ctx, req) => ({ items: await commerce.removeFromWishlist(ctx, req) }),
    listWishlist: async (ctx) => ({ items: await commerce.listWishlist(ctx) }),
    createVoucher: async (ctx, req) => ({ voucher: await commerce.createVoucher(ctx, req) }),
    listVouchers: async (ctx) => ({ vouchers: await commerce.listVouchers(ctx) }),
    deleteVoucher: async (ctx, req) => (await commerce.deleteVoucher(ctx, req), {}),
    checkVoucher: (ctx, req) => commerce.checkVoucher(ctx, req),
    getWallet: async (ctx) => ({ wallet: await commerce.getWallet(ctx) }),
    listLedger: (ctx, req) => commerce.listLedger(ctx, req),
    getReceipt: (ctx, req) => commerce.getReceipt(ctx, req),
    creditWallet: async (ctx, req) => ({ wallet: await commerce.creditWallet(ctx, req) }),
    creditGiftCard: (ctx, req) => commerce.creditGiftCard(ctx, req),
    createOrder: async (ctx, req) => ({ order: await commerce.createOrder(ctx, req) }),
    payOrder: async (ctx, req) => ({ order: await commerce.payOrder(ctx, req) }),
    listOrders: (ctx, req) => commerce.listOrders(ctx, req),
    listAllOrders: (ctx, req) => commerce.listAllOrders(ctx, req),
    listHeldOrders: async (ctx) => ({ orders: await cards.listHeld(ctx) }),
    releaseHeldOrder: async (ctx, req) => ({ order: await cards.release(ctx, req) }),
    refuseHeldOrder: async (ctx, req) => ({ order: await cards.refuse(ctx, req) }),
    startCardPayment: (ctx, req) => cards.start(ctx, req),
    handlePaymentNotification: async (ctx, req) => ({ outcome: await cards.notification(ctx, req) }),
    confirmPaymentReturn: async (ctx, req) => ({ outcome: await cards.browserReturn(ctx, req) }),
  };
}

/** `call(method, request, identity?, callerService?)`: as the gateway by default, for that user (none: no user). */
export function useCaseCalls(useCases: CommerceUseCases) {
  const calls = callsOf(useCases);
  return callsByName('commerce', () => calls, commerceV1);
}
