import { describe, expect, it } from 'vitest';
import {
  amountFieldSchema,
  CASHIER_MESSAGES,
  depositCreateFieldsSchema,
  plainAmountProblem,
} from './cashier.ts';

describe('plain decimal amounts in multipart fields (issue 11)', () => {
  it.each([
    ['100', 100],
    ['100.5', 100.5],
    ['100.50', 100.5],
    ['0.01', 0.01],
    ['007', 7],
    ['999999999999.99', 999999999999.99],
  ])('accepts %j as %d points', (text, points) => {
    expect(plainAmountProblem(text)).toBeNull();
    expect(amountFieldSchema.parse(text)).toBe(points);
  });

  it.each([
    ['0x64', CASHIER_MESSAGES.amountRequired],
    ['1e2', CASHIER_MESSAGES.amountRequired],
    [' 100', CASHIER_MESSAGES.amountRequired],
    ['100 ', CASHIER_MESSAGES.amountRequired],
    ['+100', CASHIER_MESSAGES.amountRequired],
    ['-100', CASHIER_MESSAGES.amountRequired],
    ['Infinity', CASHIER_MESSAGES.amountRequired],
    ['NaN', CASHIER_MESSAGES.amountRequired],
    ['', CASHIER_MESSAGES.amountRequired],
    ['100.', CASHIER_MESSAGES.amountRequired],
    ['.5', CASHIER_MESSAGES.amountRequired],
    ['1,000', CASHIER_MESSAGES.amountRequired],
    ['0b11', CASHIER_MESSAGES.amountRequired],
    ['１００', CASHIER_MESSAGES.amountRequired],
    ['9999999999999', CASHIER_MESSAGES.amountRequired],
    ['100.123', CASHIER_MESSAGES.amountDecimals],
  ])('refuses %j with %j', (text, message) => {
    expect(plainAmountProblem(text)).toBe(message);
    const result = amountFieldSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('refuses zero as not positive, and a missing field as required', () => {
    expect(amountFieldSchema.safeParse('0').error?.issues[0]?.message).toBe(
      CASHIER_MESSAGES.amountPositive,
    );
    const missing = depositCreateFieldsSchema.safeParse({
      gateway: 'm_paytm',
      reference: 'UTR123456',
    });
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['amount', CASHIER_MESSAGES.amountRequired],
    ]);
  });
});
