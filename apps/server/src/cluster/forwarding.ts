import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Set on a request one node forwards to another. A request carrying it is handled where it
 * lands, never forwarded again: one hop, so two nodes that disagree for a moment about the
 * owner cannot bounce a request between them.
 */
export const FORWARDED_HEADER = 'x-spm-forwarded-by';

/** On every answer: the node that served it (the owner's id on a forwarded one). */
export const SERVED_BY_HEADER = 'x-spm-node';

/** Connection-level headers, and those the relaying node sets itself. */
const NOT_RELAYED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
  'host',
  // The owner answers uncompressed over loopback; this node compresses for the player.
  'accept-encoding',
  'content-encoding',
  'date',
]);

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** How long an owner may take to answer before the player gets an error (placements wait). */
const FORWARD_TIMEOUT_MS = 15_000;

function relayedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || NOT_RELAYED.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * Sends the request to `address` (the owner's base URL) as it came, and answers the player
 * with the owner's status, headers and body unchanged. The body is the parsed JSON sent again,
 * the same document the owner would have parsed.
 */
export async function forwardRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  address: string,
  fromNodeId: string,
  /** Aborted when the market's lease moves away from `address` while the owner is silent. */
  signal?: AbortSignal,
): Promise<FastifyReply> {
  const target = new URL(request.url, address);
  const body = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
  const headers = relayedHeaders(request.headers);
  headers[FORWARDED_HEADER] = fromNodeId;
  // The owner sees the player's address (its rate limits and audit) when it trusts this hop.
  // Read from the socket: undefined once the player's connection is gone (node's http refuses
  // a header whose value is undefined), so only the parts known are relayed.
  const chain = request.headers['x-forwarded-for'];
  const playerAddress = request.ip as string | undefined;
  const forwardedFor = [chain === undefined ? undefined : String(chain), playerAddress]
    .filter((part) => part !== undefined && part !== '')
    .join(', ');
  if (forwardedFor !== '') headers['x-forwarded-for'] = forwardedFor;
  else delete headers['x-forwarded-for'];
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.length);
  }
  const answer = await new Promise<{
    status: number;
    headers: IncomingHttpHeaders;
    body: Buffer;
  }>((resolve, reject) => {
    const outgoing = httpRequest(
      target,
      {
        method: request.method,
        headers,
        agent,
        timeout: FORWARD_TIMEOUT_MS,
        ...(signal === undefined ? {} : { signal }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 502,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('forwarded request timed out')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  reply.code(answer.status);
  for (const [name, value] of Object.entries(relayedHeaders(answer.headers))) {
    reply.header(name, value);
  }
  return reply.send(answer.body);
}
