import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../config.ts';
import { createConsoleSmsProvider } from './console-sms-provider.ts';
import { createHttpSmsProvider } from './http-sms-provider.ts';
import type { SmsProvider } from './sms-provider.ts';

export function createSmsProvider(config: SmsConfig, log: FastifyBaseLogger): SmsProvider {
  if (config.provider === 'http') {
    return createHttpSmsProvider(
      { url: config.url, apiKey: config.apiKey, sender: config.sender },
      log,
    );
  }
  return createConsoleSmsProvider(log);
}
