// Types of round-robin-proxy.mjs for its test (apps/server/src/cluster/round-robin-proxy.test.ts).
import type { Server } from 'node:http';

export const STICKY_COOKIE: string;
export function startRoundRobinProxy(options: {
  host?: string;
  port: number;
  targets: { host: string; port: number }[];
  log?: (line: string) => void;
}): Promise<{ server: Server; close: () => void }>;
