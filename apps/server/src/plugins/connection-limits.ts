import proxyaddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AppConfig, TrustProxy } from '../config/env.ts';

type Connections = AppConfig['connections'];

/**
 * The Node server options that close slow clients: headers must arrive within
 * `headersTimeout`, the whole request within `requestTimeout` (checked every
 * `connectionsCheckingInterval`), a silent connection goes after `connectionTimeout`.
 * Given to Fastify (`http` is passed to `http.createServer`).
 */
export function serverTimeouts(c: Connections) {
  return {
    connectionTimeout: c.idleTimeoutMs,
    keepAliveTimeout: c.keepAliveTimeoutMs,
    requestTimeout: c.requestTimeoutMs,
    http: {
      headersTimeout: c.headersTimeoutMs,
      requestTimeout: c.requestTimeoutMs,
      // Node checks the two timeouts above on this interval (default 30 s, which would let a stalled request live 30 s longer).
      connectionsCheckingInterval: Math.max(100, Math.min(2_000, Math.floor(c.headersTimeoutMs / 4))),
    },
  };
}

/**
 * The idle timeout is for a connection on which nobody is talking: once a request has arrived in full,
 * the client is waiting for the answer, so the timeout stops until the answer has gone (Node starts the
 * keep-alive timeout then, and the idle one again with the next request). Without this, work that takes
 * longer than IDLE_TIMEOUT_MS (a large upload on a busy host) ended with the connection cut and no answer.
 * A request still arriving stays under the idle timeout, and the whole of it under `requestTimeout`.
 */
export function keepConnectionsWhileAnswering(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => {
    const raw = request.raw;
    const answering = () => raw.socket?.setTimeout(0);
    if (raw.complete) answering();
    else raw.once('end', answering);
    done();
  });
}

/** TRUST_PROXY as Fastify's option: a hop count becomes proxy-addr's own hop rule (trust the nearest n). */
export function trustProxyOption(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

/** The proxies named in TRUST_PROXY by address are exempt from the per-address cap: every client comes through them. */
function exemptAddresses(trustProxy: TrustProxy): (address: string) => boolean {
  if (!Array.isArray(trustProxy) || trustProxy.length === 0) return () => false;
  const trusted = proxyaddr.compile(trustProxy);
  return (address) => trusted(address, 0);
}

/**
 * Caps the connections one client address holds open at once: a new one beyond the cap is
 * closed before Node reads a byte of it, so one client cannot use up the server's sockets.
 */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number, trustProxy: TrustProxy) {
  if (maxPerAddress <= 0) return;
  const exempt = exemptAddresses(trustProxy);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
