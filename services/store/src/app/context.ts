import type { CallerIdentity } from '@taal/kit';

export type Ctx = { identity: CallerIdentity | null; callerService: string };
