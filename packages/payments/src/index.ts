export * from './sslcommerz';
export {
  createSandbox,
  startSandbox,
  type Sandbox,
  type SandboxOptions,
  type RunningSandbox,
  type IpnDelivery,
} from './sandbox';
export { configuredCardGateway, type CardGatewaySettings } from './configured-client';
export {
  ATTEMPT_STATUSES,
  cardAttemptsTable,
  migrateCardAttempts,
  type AttemptDetail,
  type AttemptStatus,
  type CardAttempt,
  type CardAttempts,
} from './card-attempts';
export { cardReconcileConfig, startCardReconciler, type CardReconcileSettings } from './reconciler';
export {
  CardPaymentFlow,
  failureCancelsOrder,
  reconciliationFor,
  isTranIdOf,
  newTranId,
  repeatsSettled,
  settlementFor,
  type CardCtx,
  type CardGateway,
  type CardOrder,
  type CardOrders,
  type CardSale,
  type Outcome,
  type PaymentOutcome,
  type ReconcileOptions,
  type ReconcileReport,
  type SessionContent,
  type Settlement,
  type Settling,
} from './card-flow';
