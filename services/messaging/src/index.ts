export { messagingService, startMessaging, type MessagingDeps, type RunningMessaging } from './service';
