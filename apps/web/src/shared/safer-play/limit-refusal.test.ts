import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '@/shared/i18n/i18n';
import { limitRefusalText } from './limit-refusal';

describe('a limit refusal as the player reads it', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });

  it('names the limit and when it frees up, in India time', () => {
    const body = {
      error: true,
      errorCode: 'LIMIT_REACHED',
      message: 'You have reached one of your limits.',
      data: { refusal: { limit: 'deposit-24h', until: '2026-12-03T03:00:00.000Z' } },
    };
    expect(limitRefusalText(i18n, body)).toBe(
      'Your 24-hour deposit limit is reached. It frees up from 3 Dec 2026, 8:30 am IST.',
    );
  });

  it('says an amount alone above the limit is more than it allows', () => {
    const body = {
      errorCode: 'LIMIT_REACHED',
      data: { refusal: { limit: 'loss-7d', until: null } },
    };
    expect(limitRefusalText(i18n, body)).toBe('This is more than your 7-day loss limit allows.');
  });

  it('leaves other refusals to the catalogue', () => {
    expect(limitRefusalText(i18n, { errorCode: 'SELF_EXCLUDED', data: null })).toBeNull();
    expect(
      limitRefusalText(i18n, {
        errorCode: 'LIMIT_REACHED',
        data: { refusal: { limit: 'daily-stake', until: null } },
      }),
    ).toBeNull();
  });
});
