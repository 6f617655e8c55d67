import { describe, expect, it } from 'vitest';
import { checkLinkTarget, isBuiltPlayerPath, playerRouteOf } from './player-routes.ts';

describe('player routes (issue 40 item 7)', () => {
  it('matches a concrete address to its route, a static path first', () => {
    expect(playerRouteOf('/exchange/4')).toBe('/exchange/:gameId');
    expect(playerRouteOf('/deposit/list')).toBe('/deposit/list');
    expect(playerRouteOf('/deposit/m_paytm')).toBe('/deposit/:gateway');
    expect(playerRouteOf('/bonus')).toBe('/bonus');
    expect(playerRouteOf('/bonus/7')).toBe('/bonus/:bonusId');
    expect(playerRouteOf('/spmsports')).toBeUndefined();
    expect(playerRouteOf('/nowhere')).toBeUndefined();
  });

  it('takes a built route, with or without a query, and an https address', () => {
    expect(checkLinkTarget('/spmsports/cricket')).toEqual({ ok: true });
    expect(checkLinkTarget('/gateways?from=banner#top')).toEqual({ ok: true });
    expect(checkLinkTarget('/')).toEqual({ ok: true });
    expect(checkLinkTarget('https://example.com/offer')).toEqual({ ok: true });
    // The bonus pages, built: a banner may lead to the offers, the wallet or one bonus.
    expect(checkLinkTarget('/promotionoffers')).toEqual({ ok: true });
    expect(checkLinkTarget('/bonus')).toEqual({ ok: true });
    expect(checkLinkTarget('/bonus/7')).toEqual({ ok: true });
  });

  it('refuses a placeholder, an unknown path, plain http and scripts', () => {
    expect(checkLinkTarget('/sportsbook2')).toEqual({ ok: false, why: 'unbuilt_route' });
    expect(checkLinkTarget('/sportsbook2?x=1')).toEqual({ ok: false, why: 'unbuilt_route' });
    expect(checkLinkTarget('/betby')).toEqual({ ok: false, why: 'unbuilt_route' });
    expect(checkLinkTarget('/betby#top')).toEqual({ ok: false, why: 'unbuilt_route' });
    expect(checkLinkTarget('/exchange')).toEqual({ ok: false, why: 'unknown_route' });
    expect(checkLinkTarget('/aviator')).toEqual({ ok: false, why: 'unknown_route' });
    expect(checkLinkTarget('http://example.com')).toEqual({ ok: false, why: 'not_https' });
    expect(checkLinkTarget('//evil.example')).toEqual({ ok: false, why: 'not_https' });
    expect(checkLinkTarget('javascript:alert(1)')).toEqual({ ok: false, why: 'not_https' });
    expect(checkLinkTarget('spmsports/cricket')).toEqual({ ok: false, why: 'not_https' });
    expect(checkLinkTarget('https://exa mple.com')).toEqual({ ok: false, why: 'not_https' });
    expect(checkLinkTarget('https://')).toEqual({ ok: false, why: 'not_https' });
  });

  it('tells a built path from a placeholder', () => {
    expect(isBuiltPlayerPath('/live-casino')).toBe(true);
    expect(isBuiltPlayerPath('/aviatorgames')).toBe(true);
    expect(isBuiltPlayerPath('/betby')).toBe(false);
    expect(isBuiltPlayerPath('/sportsbook2')).toBe(false);
    expect(isBuiltPlayerPath('/referral')).toBe(true);
    expect(isBuiltPlayerPath('/nowhere')).toBe(false);
  });
});
