import { BETBY_ERRORS, sportsbookLaunchSchema } from '@spm/contract';
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose';
import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betbyKit } from '../../test/betby.ts';
import { drivers, startHarness, testConfig, type Harness } from '../../test/harness.ts';
import { call, registerPlayer } from '../../test/identity.ts';

/*
 * A site with a Betby brand configured (docs/sportsbook.md): Betby's script and brand reach
 * the page, the CSP lets its origin in, only calls signed with Betby's key are taken, and
 * the players' tokens are signed with the operator's configured key.
 */
const BRAND = 'brand-4711';
const SCRIPT = 'https://ui.sportsbook.example/bt-renderer.min.js';

describe('the Betby settings', () => {
  it('go together: a brand without its script and key is refused at boot', () => {
    expect(() => testConfig({ BETBY_BRAND_ID: BRAND })).toThrow(/BETBY_SCRIPT_URL/);
    expect(() =>
      testConfig({ BETBY_BRAND_ID: BRAND, BETBY_SCRIPT_URL: 'http://plain.example/x.js' }),
    ).toThrow();
  });
});

describe.each(drivers)('a configured Betby brand on %s', (driver) => {
  let h: Harness;
  let betbyKeys: Awaited<ReturnType<typeof generateKeyPair>>;
  let operatorPem: string;
  beforeAll(async () => {
    betbyKeys = await generateKeyPair('RS256', { extractable: true });
    const operator = await generateKeyPair('ES256', { extractable: true });
    operatorPem = await exportPKCS8(operator.privateKey);
    h = await startHarness(driver, {
      env: {
        BETBY_BRAND_ID: BRAND,
        BETBY_SCRIPT_URL: SCRIPT,
        // One line, as an environment file holds it.
        BETBY_PUBLIC_KEY: (await exportSPKI(betbyKeys.publicKey)).replaceAll('\n', '\\n'),
        BETBY_OPERATOR_KEY: operatorPem,
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("takes only Betby's signed calls for its brand", async () => {
    const betby = betbyKit(h);
    const signedByBetby = await betby.call(
      'ping',
      {},
      { key: betbyKeys.privateKey, audience: BRAND },
    );
    expect(signedByBetby.status).toBe(200);
    const wrongBrand = await betby.call('ping', {}, { key: betbyKeys.privateKey });
    expect(wrongBrand.body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    const foreign = await generateKeyPair('RS256');
    const forged = await betby.call('ping', {}, { key: foreign.privateKey, audience: BRAND });
    expect(forged.body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
  });

  it("launches Betby's script with a token signed by the operator's key, and lets it past the CSP", async () => {
    const player = await registerPlayer(h);
    const res = await call(h, 'GET', '/api/sportsbook/launch', undefined, { token: player.token });
    const launch = sportsbookLaunchSchema.parse(res.json().data);
    expect(launch).toMatchObject({ brandId: BRAND, scriptUrl: SCRIPT, standIn: false });
    const publicPem = createPublicKey(operatorPem)
      .export({ type: 'spki', format: 'pem' })
      .toString();
    const { payload } = await jwtVerify(launch.token!, await importSPKI(publicPem, 'ES256'), {
      audience: BRAND,
      currentDate: h.clock.now(),
    });
    expect(payload.sub).toBe(player.user.id);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/ui\.sportsbook\.example/);
    expect(csp).toMatch(/connect-src[^;]*wss:\/\/ui\.sportsbook\.example/);
    // No stand-in runs beside a real brand.
    const script = await h.app.inject({
      method: 'GET',
      url: '/api/sportsbook/stand-in/bt-renderer.js',
    });
    expect(script.statusCode).toBe(404);
  });
});
