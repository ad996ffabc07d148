import type { commerceV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { CardPayments } from '../app/card-payments';
import type { Commerce } from '../app/commerce';

/** gRPC adapter of the commerce use cases (src/app): requests in, answers out. */
export function commerceGrpcService(commerce: Commerce, cards: CardPayments): commerceV1.CommerceServiceServer {
  return {
    addToCart: unaryHandler(async (req: commerceV1.AddToCartRequest, ctx) => ({
      cart: await commerce.addToCart(ctx, req),
    })),
    removeFromCart: unaryHandler(async (req: commerceV1.RemoveFromCartRequest, ctx) => ({
      cart: await commerce.removeFromCart(ctx, req),
    })),
    clearCart: unaryHandler(async (_req: commerceV1.ClearCartRequest, ctx) => ({
      cart: await commerce.clearCart(ctx),
    })),
    getCart: unaryHandler(async (_req: commerceV1.GetCartRequest, ctx) => ({
      cart: await commerce.getCart(ctx),
    })),
    addToWishlist: unaryHandler(async (req: commerceV1.AddToWishlistRequest, ctx) => ({
      items: await commerce.addToWishlist(ctx, req),
    })),
    removeFromWishlist: unaryHandler(async (req: commerceV1.RemoveFromWishlistRequest, ctx) => ({
      items: await commerce.removeFromWishlist(ctx, req),
    })),
    listWishlist: unaryHandler(async (_req: commerceV1.ListWishlistRequest, ctx) => ({
      items: await commerce.listWishlist(ctx),
    })),
    createVoucher: unaryHandler(async (req: commerceV1.CreateVoucherRequest, ctx) => ({
      voucher: await commerce.createVoucher(ctx, req),
    })),
    listVouchers: unaryHandler(async (_req: commerceV1.ListVouchersRequest, ctx) => ({
      vouchers: await commerce.listVouchers(ctx),
    })),
    deleteVoucher: unaryHandler(async (req: commerceV1.DeleteVoucherRequest, ctx) => {
      await commerce.deleteVoucher(ctx, req);
      return {};
    }),
    checkVoucher: unaryHandler(async (req: commerceV1.CheckVoucherRequest, ctx) => commerce.checkVoucher(ctx, req)),
    getWallet: unaryHandler(async (_req: commerceV1.GetWalletRequest, ctx) => ({
      wallet: await commerce.getWallet(ctx),
    })),
    listLedger: unaryHandler(async (req: commerceV1.ListLedgerRequest, ctx) => commerce.listLedger(ctx, req)),
    getReceipt: unaryHandler(async (req: commerceV1.GetReceiptRequest, ctx) => commerce.getReceipt(ctx, req)),
    creditWallet: unaryHandler(async (req: commerceV1.CreditWalletRequest, ctx) => ({
      wallet: await commerce.creditWallet(ctx, req),
    })),
    creditGiftCard: unaryHandler(async (req: commerceV1.CreditGiftCardRequest, ctx) => commerce.creditGiftCard(ctx, req)),
    createOrder: unaryHandler(async (req: commerceV1.CreateOrderRequest, ctx) => ({
      order: await commerce.createOrder(ctx, req),
    })),
    payOrder: unaryHandler(async (req: commerceV1.PayOrderRequest, ctx) => ({
      order: await commerce.payOrder(ctx, req),
    })),
    listOrders: unaryHandler(async (req: commerceV1.ListOrdersRequest, ctx) => commerce.listOrders(ctx, req)),
    listAllOrders: unaryHandler(async (req: commerceV1.ListAllOrdersRequest, ctx) => commerce.listAllOrders(ctx, req)),
    listHeldOrders: unaryHandler(async (_req: commerceV1.ListHeldOrdersRequest, ctx) => ({
      orders: await cards.listHeld(ctx),
    })),
    releaseHeldOrder: unaryHandler(async (req: commerceV1.ReleaseHeldOrderRequest, ctx) => ({
      order: await cards.release(ctx, req),
    })),
    refuseHeldOrder: unaryHandler(async (req: commerceV1.RefuseHeldOrderRequest, ctx) => ({
      order: await cards.refuse(ctx, req),
    })),
    startCardPayment: unaryHandler(async (req: commerceV1.StartCardPaymentRequest, ctx) => cards.start(ctx, req)),
    handlePaymentNotification: unaryHandler(async (req: commerceV1.HandlePaymentNotificationRequest, ctx) => ({
      outcome: await cards.notification(ctx, req),
    })),
    confirmPaymentReturn: unaryHandler(async (req: commerceV1.ConfirmPaymentReturnRequest, ctx) => ({
      outcome: await cards.browserReturn(ctx, req),
    })),
  };
}
