import { freebiesV1, ServiceNames } from '@taal/contracts';
import type { ServiceTokenIssuer } from '@taal/kit';
import { connectService, type ServiceApi } from './service-client';

/**
 * The catalogue's freebies and landing popup (`taal.catalogue.v1.FreebieService`, served by the
 * catalogue process beside its course service): reads need no user, writes forward the caller,
 * whose role the catalogue checks (decision 0017).
 */
export type FreebiesApi = ServiceApi<freebiesV1.FreebieServiceServer>;

export function connectFreebies(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): FreebiesApi {
  return connectService<freebiesV1.FreebieServiceServer>({
    Client: freebiesV1.FreebieServiceClient,
    definition: freebiesV1.FreebieServiceService,
    codecs: freebiesV1,
    address,
    audience: ServiceNames.catalogue,
    issuer,
    deadlineMs,
  });
}
