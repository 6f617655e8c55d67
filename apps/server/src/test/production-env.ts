/** The least a production boot needs besides NODE_ENV: a real SMS gateway (config.ts refuses
 * the console provider in production, since its outbox would hand out players' codes) and an
 * explicit money mode (no production site plays for real money by default). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  MONEY_MODE: 'real',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example/send',
  SMS_HTTP_API_KEY: 'key',
  SMS_HTTP_SENDER: 'SPMSPT',
};
