import { describe, expect, it } from 'vitest';
import {
  BUILT_PLAYER_ROUTES,
  UNBUILT_PLAYER_ROUTES,
  checkLinkTarget,
  isBuiltPlayerPath,
  playerRouteOf,
} from './player-routes.ts';

// Every route has its page now; a route listed before its page is built reads like this one.
const withUnbuiltRoute = {
  built: BUILT_PLAYER_ROUTES,
  unbuilt: ['/horse-racing', '/tote/:raceId'],
};

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
    // The sportsbook, built: its bets page and Betby's renderer.
    expect(checkLinkTarget('/sportsbook2')).toEqual({ ok: true });
    expect(checkLinkTarget('/sportsbook2?x=1')).toEqual({ ok: true });
    expect(checkLinkTarget('/betby')).toEqual({ ok: true });
    expect(checkLinkTarget('/betby#top')).toEqual({ ok: true });
  });

  it('has no placeholder route left', () => {
    expect(UNBUILT_PLAYER_ROUTES).toEqual([]);
  });

  it('refuses a placeholder, an unknown path, plain http and scripts', () => {
    const unbuilt = { ok: false, why: 'unbuilt_route' };
    expect(checkLinkTarget('/horse-racing', withUnbuiltRoute)).toEqual(unbuilt);
    expect(checkLinkTarget('/horse-racing?x=1', withUnbuiltRoute)).toEqual(unbuilt);
    expect(checkLinkTarget('/tote/7#top', withUnbuiltRoute)).toEqual(unbuilt);
    expect(checkLinkTarget('/bonus', withUnbuiltRoute)).toEqual({ ok: true });
    expect(checkLinkTarget('/horse-racing')).toEqual({ ok: false, why: 'unknown_route' });
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
    expect(isBuiltPlayerPath('/betby')).toBe(true);
    expect(isBuiltPlayerPath('/sportsbook2')).toBe(true);
    expect(isBuiltPlayerPath('/horse-racing', withUnbuiltRoute)).toBe(false);
    expect(playerRouteOf('/tote/7', withUnbuiltRoute)).toBe('/tote/:raceId');
    expect(isBuiltPlayerPath('/referral')).toBe(true);
    expect(isBuiltPlayerPath('/nowhere')).toBe(false);
  });
});
