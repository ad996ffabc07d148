export { identityService, startIdentity, IDENTITY_SERVICE_NAME, type IdentityDeps, type RunningIdentity } from './service';
export { loadAccountPolicy, loadIdentityConfig, loadSocialLoginConfig, type AccountPolicy, type SocialLoginConfig } from './config';
export { demoAccounts, DEMO_INSTRUCTOR_PROFILE_ID } from './domain/demo-accounts';
