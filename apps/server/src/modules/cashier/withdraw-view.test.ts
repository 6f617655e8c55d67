import { describe, expect, it } from 'vitest';
import { destinationLabel } from './withdraw-view.ts';

describe('destinationLabel', () => {
  it('masks the account and carries no English word the screens would show untranslated', () => {
    expect(destinationLabel('bank', { bankName: 'HDFC Bank', accountNo: '50100012341234' })).toBe(
      'HDFC Bank ****1234',
    );
    expect(destinationLabel('bank', { bankName: null, accountNo: '50100012341234' })).toBe(
      '****1234',
    );
    expect(destinationLabel('card', { accountNo: '4111111111114242' })).toBe('****4242');
    expect(destinationLabel('upi', { accountNo: 'ravi.kumar@okhdfc' })).toBe('ravi.kumar@okhdfc');
    expect(destinationLabel('crypto', { address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })).toBe(
      'TQ…bLSE',
    );
  });
});
