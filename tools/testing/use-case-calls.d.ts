import type { CallerIdentity } from '@taal/kit';
/** Who is asking, as a route passes it: the user (none: a visitor or a service) and the calling service. */
export type NamedCallContext = {
    identity: CallerIdentity | null;
    callerService: string;
};
export type NamedCall = (ctx: NamedCallContext, req: any) => Promise<unknown>;
/** `call(method, request, identity?, callerService?)`: as the gateway by default, for that user (none: no user). */
export declare function callsByName(service: string, calls: () => Record<string, NamedCall>, ...messages: object[]): <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity, callerService?: string) => Promise<Res>;
//# sourceMappingURL=use-case-calls.d.ts.map