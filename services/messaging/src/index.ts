export { messagingService, startMessaging, type MessagingDeps, type RunningMessaging } from './service';
export { MAIL_KINDS, renderMail, type MailData, type MailKind, type MailLanguage } from './templates/mail-templates';
