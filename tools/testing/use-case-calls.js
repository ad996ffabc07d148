"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.callsByName = callsByName;
/**
 * A service's use cases called by name, as its tests called its gRPC methods before issue 52 (decision
 * 0093): a service's `src/testing/use-case-calls.ts` lists its calls (`calls()` again on every call: a test
 * may restart the service), and this gives them the wire's manners. A request gets its message's defaults for every field the test leaves out, and a refusal (the
 * kit's ServiceError) rejects as a gRPC client's error would (code, details, metadata).
 */
const grpc_js_1 = require("@grpc/grpc-js");
/** `call(method, request, identity?, callerService?)`: as the gateway by default, for that user (none: no user). */
function callsByName(service, calls, ...messages) {
    const codecs = messages;
    return async (method, request, identity, callerService = 'gateway') => {
        const call = calls()[method];
        if (!call)
            throw new Error(`${service} has no use case called ${method}`);
        try {
            const name = `${method[0].toUpperCase()}${method.slice(1)}Request`;
            const message = codecs.map((m) => m[name]).find((m) => m !== undefined);
            return (await call({ identity: identity ?? null, callerService }, message ? message.fromPartial(request) : request));
        }
        catch (err) {
            const e = err;
            if (typeof e.code !== 'number')
                throw err;
            throw Object.assign(new Error(e.message), { code: e.code, details: e.message, metadata: e.metadata ?? new grpc_js_1.Metadata() });
        }
    };
}
//# sourceMappingURL=use-case-calls.js.map