// Types of build-if-changed.mjs for its test (apps/server/src/build-if-changed.test.ts).
export interface Workspace {
  name: string;
  dir: string;
  output: string;
}
export const WORKSPACES: Workspace[];
export const SHARED_INPUTS: string[];
export const STAMP_FILE: string;
export function fingerprint(root: string, workspace: Workspace): Promise<string>;
export function writeStamp(root: string, workspace: Workspace, print: string): Promise<void>;
export function checkWorkspaces(
  root: string,
  workspaces?: Workspace[],
): Promise<{ workspace: Workspace; print: string; stale: boolean }[]>;
export function buildEnvironment(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function buildStale(
  root: string,
  options?: { force?: boolean; workspaces?: Workspace[] },
): Promise<number>;
