/**
 * The services that serve their own API (issue 52, decision 0092), as the edge knows them: each one's
 * route table and document, read at start and again every few seconds, so a service that ships a
 * changed route is routed and documented without the edge being redeployed. While a service cannot be
 * reached its last table is kept (its routes answer 503 then, as a call to it would); the edge counts
 * such a service up once its table was read and its API port answers.
 */
import type { Logger } from 'pino';
import type { AccessTokenVerifier, RouteSpec } from '@taal/edge';
import { fetchApiDocument, fetchRouteTable, forwardedRoute, getJson, type RouteTable } from './http/service-routes';
import type { OpenApiDocument } from './openapi';

export interface RemoteService {
  name: string;
  /** Its API's base URL, e.g. http://taal-commerce:8081. */
  base: string;
}

export interface RemotePart {
  service: string;
  routes: RouteSpec[];
  document: OpenApiDocument;
}

export const ROUTE_TABLE_REFRESH_MS = 5000;
/**
 * How long a forwarded request may wait for its answer's first bytes: the route's whole work (several
 * calls, each under its own deadline), as when it ran in the edge's process with no limit of its own.
 */
export const FORWARD_TIMEOUT_MS = 60_000;

export class RemoteApis {
  private readonly known = new Map<string, { table: RouteTable; part: RemotePart }>();
  private readonly listeners: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly services: readonly RemoteService[],
    private readonly tokens: AccessTokenVerifier,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  /** The parts read so far, in the order the services were given. */
  parts(): RemotePart[] {
    return this.services.flatMap((s) => {
      const known = this.known.get(s.name);
      return known ? [known.part] : [];
    });
  }

  /** Whether this service's table was read and its API port answers now (the edge's readiness). */
  async serving(name: string): Promise<boolean> {
    const service = this.services.find((s) => s.name === name);
    if (!service || !this.known.has(name)) return false;
    return getJson(service.base, '/livez', this.timeoutMs).then(
      () => true,
      () => false,
    );
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Reads every table; when one changed, rebuilds and tells the listeners. */
  async refresh(): Promise<void> {
    let changed = false;
    await Promise.all(
      this.services.map(async (service) => {
        try {
          const table = await fetchRouteTable(service.base, this.timeoutMs);
          if (this.known.get(service.name)?.table.version === table.version) return;
          // The document only when the table is new: an unchanged service costs one small read a refresh.
          const document = await fetchApiDocument(service.base, this.timeoutMs);
          const routes = table.routes.map((r) => forwardedRoute(r, service.base, this.tokens, FORWARD_TIMEOUT_MS));
          this.known.set(service.name, { table, part: { service: service.name, routes, document } });
          changed = true;
          this.logger.info({ service: service.name, version: table.version, routes: routes.length }, 'route table read');
        } catch (err) {
          this.logger.debug({ err, service: service.name }, 'route table not read; keeping the last one');
        }
      }),
    );
    if (changed) for (const listener of this.listeners) listener();
  }

  /** Reads the tables now, then every `everyMs`. */
  async start(everyMs = ROUTE_TABLE_REFRESH_MS): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
