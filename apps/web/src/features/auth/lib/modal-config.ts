import type { AuthModalConfig } from '@/shared/stores/app-store';

/**
 * What one auth dialog hands to the next through the app store's authModalConfig
 * (mobile number -> verify -> register, forgot -> reset).
 */
export interface AuthFlowConfig {
  /** Digits including 91, as the phone fields take them. */
  phone?: string;
  /** The page the visitor came from (mobile number dialog, SPEC 2.5). */
  source?: string;
  /** The phone was verified by OTP in the verify dialog. */
  verified?: boolean;
}

export function readFlowConfig(config: AuthModalConfig | null): AuthFlowConfig {
  if (!config) return {};
  const { phone, source, verified } = config;
  return {
    phone: typeof phone === 'string' ? phone : undefined,
    source: typeof source === 'string' ? source : undefined,
    verified: verified === true,
  };
}
