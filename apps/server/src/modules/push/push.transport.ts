import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { isPushServiceEndpoint } from '@heartline/domain';

/** One request to a push service, as web-push's `generateRequestDetails` makes it. */
export type PushRequest = {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array;
};

/** Sends one request; answers the push service's status. Never follows a redirect. */
export type PushTransport = (request: PushRequest) => Promise<number>;

/**
 * The endpoint is not one the server may call: not on a push service, or its name resolves to an
 * address inside a private network. Not worth retrying; the subscription goes.
 */
export class PushEndpointRefusedError extends Error {}

export type PushTransportOptions = {
  /**
   * Tests only (buildApp's deps, never configuration): a push service on this machine's
   * loopback, over http or https, is allowed, as the test push service is one.
   */
  loopbackForTests?: boolean;
  /** How host names resolve; tests point a push service's name at loopback. */
  lookup?: net.LookupFunction;
  timeoutMs?: number;
};

/** Whether the server may connect to `address`: a public unicast address (ipaddr.js ranges). */
function mayConnect(address: string, allowLoopback: boolean): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  // The deprecated IPv4-compatible form (::a.b.c.d) reads as unicast to ipaddr.js.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) {
    return allowLoopback && address === '::1' ? null : 'IPv4-compatible';
  }
  const range = parsed.range();
  if (range === 'unicast' || (allowLoopback && range === 'loopback')) return null;
  return range;
}

/**
 * Resolves like `dns.lookup`, and refuses a name any of whose addresses is private, loopback,
 * link-local or reserved: checked when the connection is made, so a push service's name that
 * resolves inside the network (DNS rebinding, a poisoned resolver) is not connected to.
 */
export function guardedLookup(
  base: net.LookupFunction,
  allowLoopback: boolean,
): net.LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (err, found) => {
      if (err) return callback(err, '', 0);
      const addresses = Array.isArray(found) ? found : [];
      for (const { address } of addresses) {
        const refused = mayConnect(address, allowLoopback);
        if (refused) {
          return callback(
            new PushEndpointRefusedError(`${hostname} resolves to ${address} (${refused})`),
            '',
            0,
          );
        }
      }
      if (options.all) return (callback as never as AllCallback)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}
type AllCallback = (err: Error | null, addresses: dns.LookupAddress[]) => void;

/**
 * The push service's HTTP client (issue 45): only endpoints on the browsers' push services
 * (`isPushServiceEndpoint`), over https, to public addresses checked at connect time; a redirect
 * is an answer, never followed.
 */
export function createPushTransport(options: PushTransportOptions = {}): PushTransport {
  const allowLoopback = options.loopbackForTests === true;
  const agentOptions = {
    keepAlive: true,
    lookup: guardedLookup(options.lookup ?? dns.lookup, allowLoopback),
  };
  const agents = {
    'https:': new https.Agent(agentOptions),
    'http:': allowLoopback ? new http.Agent(agentOptions) : undefined,
  };
  const timeoutMs = options.timeoutMs ?? 10_000;

  return (request) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(request.endpoint);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const literal = net.isIP(host) !== 0;
      const onLoopback = allowLoopback && literal && mayConnect(host, true) === null;
      if (!onLoopback && !isPushServiceEndpoint(request.endpoint)) {
        return reject(new PushEndpointRefusedError(`${url.origin} is not a push service`));
      }
      // A literal address is connected to without a lookup: checked here instead.
      const refused = literal ? mayConnect(host, allowLoopback) : null;
      const agent = agents[url.protocol as keyof typeof agents];
      if (refused || !agent) {
        return reject(new PushEndpointRefusedError(`${url.origin} may not be called`));
      }
      const send = url.protocol === 'https:' ? https.request : http.request;
      const req = send(
        url,
        { method: request.method, headers: request.headers, agent, timeout: timeoutMs },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('timeout', () => req.destroy(new Error('the push service did not answer in time')));
      // A refused lookup arrives here as it was made (PushEndpointRefusedError).
      req.on('error', reject);
      req.end(Buffer.from(request.body));
    });
}
