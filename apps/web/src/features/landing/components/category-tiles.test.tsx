import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkLinkTarget } from '@spm/contract';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores } from '@/test/render-app';

// Issue 40 item 7: every tile of the landing page leads to a page that is built.
describe('landing tiles', () => {
  it('shows no tile leading to a placeholder product', async () => {
    resetStores();
    mockApi({ 'GET /api/getBanners': ok([]), 'GET /api/announcement/display': ok([]) });
    renderApp('/');
    const tiles = await screen.findAllByTestId(/^category-/);
    const targets = tiles.map((tile) => tile.getAttribute('href') ?? '');
    // Issue 43 item 5 and the sportsbook: built, so their tiles show by themselves.
    expect(targets).toEqual(
      expect.arrayContaining([
        '/spmsports/cricket',
        '/sportsbook2',
        '/live-casino',
        '/aviatorgames',
        '/live-show',
        '/home',
      ]),
    );
    for (const target of targets) expect(checkLinkTarget(target), target).toEqual({ ok: true });
  });
});
