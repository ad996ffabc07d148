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
