import { describe, expect, it } from 'vitest';
import { requestHash } from './ledger-service.ts';

describe('requestHash', () => {
  // Stored with every ledger transaction and wallet operation: a replay after an upgrade must
  // hash to the same text. These were computed by the first implementation (JSON.stringify
  // with a replacer turning each bigint into its digits, then SHA-256).
  it('hashes requests exactly as it always has', () => {
    const at = new Date('2026-11-27T09:00:00.000Z');
    expect(
      requestHash({
        operation: 'hold',
        product: 'exchange',
        externalId: 'order:1',
        playerId: 42,
        amountPaise: 123456789012345678901234567890n,
        nested: { list: [1n, undefined, null, 'x', { d: at }], skipped: undefined },
        at,
        text: 'नमस्ते "quoted" \\ back',
        n: 1.5,
        neg: -0,
        big: [2n ** 70n],
      }),
    ).toBe('71797d85ec4f8082930a62cc05dc749230f79d9820bbd64f43277c6cfdc3d38c');
    expect(requestHash(5n)).toBe(
      'd10a4bc9e0c1fa4e8f3d7ce2512b8756e47ca5fa451f373c39a1431bb88db49f',
    );
    expect(requestHash([1n, 2])).toBe(
      'be2f65ebf01210864895e4ed9bf747661b325044fd4453deaac833d1144ed47e',
    );
    expect(requestHash('s')).toBe(
      '0f4657778ae14ff7aeeb2c2190ede79099aa9c4e8a9e54829462f0e92af659e5',
    );
    expect(requestHash(null)).toBe(
      '74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b',
    );
  });

  it('tells different amounts apart', () => {
    expect(requestHash({ amountPaise: 1n })).not.toBe(requestHash({ amountPaise: 2n }));
    expect(requestHash({ amountPaise: 1n })).not.toBe(requestHash({ amountPaise: 1 }));
  });
});
