// Types of server-node-flags.mjs for the TypeScript that starts the built server.
export const SERVER_NODE_FLAGS: readonly string[];
