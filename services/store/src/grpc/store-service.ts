import type { storeV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Catalog } from '../app/catalog';
import type { GiftCards } from '../app/gift-cards';
import type { Orders } from '../app/orders';

/** gRPC adapter of the store's use cases (src/app): requests in, answers out. */
export function storeGrpcService(catalog: Catalog, orders: Orders, cards: GiftCards): storeV1.StoreServiceServer {
  return {
    listCategories: unaryHandler(async () => ({ categories: await catalog.listCategories() })),
    createCategory: unaryHandler(async (req: storeV1.CreateCategoryRequest, ctx) => ({ category: await catalog.createCategory(ctx, req) })),
    updateCategory: unaryHandler(async (req: storeV1.UpdateCategoryRequest, ctx) => ({ category: await catalog.updateCategory(ctx, req) })),
    deleteCategory: unaryHandler(async (req: storeV1.DeleteCategoryRequest, ctx) => {
      await catalog.deleteCategory(ctx, req);
      return {};
    }),
    listProducts: unaryHandler(async () => ({ products: await catalog.listProducts() })),
    getProduct: unaryHandler(async (req: storeV1.GetProductRequest) => ({ product: await catalog.getProduct(req) })),
    createProduct: unaryHandler(async (req: storeV1.CreateProductRequest, ctx) => ({ product: await catalog.createProduct(ctx, req) })),
    updateProduct: unaryHandler(async (req: storeV1.UpdateProductRequest, ctx) => ({ product: await catalog.updateProduct(ctx, req) })),
    deleteProduct: unaryHandler(async (req: storeV1.DeleteProductRequest, ctx) => {
      await catalog.deleteProduct(ctx, req);
      return {};
    }),
    createOrder: unaryHandler(async (req: storeV1.CreateOrderRequest, ctx) => ({ order: await orders.create(ctx, req) })),
    listOrders: unaryHandler(async (req: storeV1.ListOrdersRequest, ctx) => orders.list(ctx, req)),
    getOrder: unaryHandler(async (req: storeV1.GetOrderRequest, ctx) => ({ order: await orders.get(ctx, req) })),
    getReceipt: unaryHandler(async (req: storeV1.GetReceiptRequest, ctx) => orders.receipt(ctx, req)),
    startPayment: unaryHandler(async (req: storeV1.StartPaymentRequest, ctx) => orders.startPayment(ctx, req)),
    handlePaymentNotification: unaryHandler(async (req: storeV1.HandlePaymentNotificationRequest, ctx) => ({
      outcome: await orders.notification(ctx, req),
    })),
    confirmPaymentReturn: unaryHandler(async (req: storeV1.ConfirmPaymentReturnRequest, ctx) => ({
      outcome: await orders.browserReturn(ctx, req),
    })),
    listGiftCards: unaryHandler(async (req: storeV1.ListGiftCardsRequest, ctx) => cards.list(ctx, req)),
    getGiftCard: unaryHandler(async (req: storeV1.GetGiftCardRequest, ctx) => ({ giftCard: await cards.get(ctx, req) })),
    redeemGiftCard: unaryHandler(async (req: storeV1.RedeemGiftCardRequest, ctx) => cards.redeem(ctx, req)),
  };
}
