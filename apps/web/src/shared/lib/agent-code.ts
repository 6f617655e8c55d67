import { AGENT_CODE_VALIDITY_MS } from '@spm/contract';
import { useAppStore } from '@/shared/stores/app-store';
import type { AgentCodeConfig } from '@/shared/stores/app-store';

/** The longest agent code the registration accepts (contract registerBodySchema). */
export const AGENT_CODE_MAX_LENGTH = 32;

/** Query parameters that carry an agent or referral code, in order of preference. */
export const AGENT_CODE_PARAMS = ['agent_code', 'ref'] as const;

export const emptyAgentCodeConfig: AgentCodeConfig = { agentCode: null, saveTime: null };

/** Milliseconds the saved code stays locked, 0 when there is none or it is too old. */
export function agentCodeRemainingMs(config: AgentCodeConfig, now: number): number {
  if (!config.agentCode || config.saveTime === null) return 0;
  const age = now - config.saveTime;
  if (age < 0) return 0;
  return Math.max(0, AGENT_CODE_VALIDITY_MS - age);
}

/** The saved code while it is younger than AGENT_CODE_VALIDITY_MS (SPEC 5), else null. */
export function freshAgentCode(config: AgentCodeConfig, now: number): string | null {
  return agentCodeRemainingMs(config, now) > 0 ? config.agentCode : null;
}

/** The agent code a link carries (`?agent_code=` or `?ref=`), trimmed, or null. */
export function agentCodeFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  for (const name of AGENT_CODE_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) return value.slice(0, AGENT_CODE_MAX_LENGTH);
  }
  return null;
}

/** Saves a code from the address with the time it was seen (SPEC 3 "agent code with a saved time"). */
export function captureAgentCode(search: string, now: number = Date.now()): string | null {
  const agentCode = agentCodeFromSearch(search);
  if (agentCode) useAppStore.getState().setAgentCodeConfig({ agentCode, saveTime: now });
  return agentCode;
}
