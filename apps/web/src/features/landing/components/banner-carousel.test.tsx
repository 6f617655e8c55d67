import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Banner } from '@spm/contract';
import { CAROUSEL } from '@spm/contract';
import { setMedia } from '@/test/match-media';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores } from '@/test/render-app';
import { slidesPerViewForWidth } from '../lib/slides-per-view';
import { BannerCarousel } from './banner-carousel';

const banner = (id: string, order: number): Banner => ({
  id,
  title: `Offer ${id}`,
  imageUrl: `/banners/${id}.jpg`,
  linkUrl: null,
  order,
});

const unsorted = [banner('c', 3), banner('a', 1), banner('d', 10), banner('b', 2)];

describe('banner carousel (SPEC 3, 9)', () => {
  it('renders one slide per banner, sorted ascending by order', () => {
    render(<BannerCarousel banners={unsorted} />);
    const slides = screen.getAllByTestId('banner-slide');
    expect(slides).toHaveLength(4);
    expect(slides.map((slide) => slide.getAttribute('data-order'))).toEqual(['1', '2', '3', '10']);
    expect(slides.map((slide) => within(slide).getByRole('img').getAttribute('alt'))).toEqual([
      'Offer a',
      'Offer b',
      'Offer c',
      'Offer d',
    ]);
  });

  it('shows 3 slides per view, 2 up to 1199 px and 1 up to 767 px', () => {
    expect(slidesPerViewForWidth(1440)).toBe(CAROUSEL.slidesWide);
    expect(slidesPerViewForWidth(1200)).toBe(3);
    expect(slidesPerViewForWidth(1199)).toBe(2);
    expect(slidesPerViewForWidth(768)).toBe(2);
    expect(slidesPerViewForWidth(767)).toBe(1);
    expect(slidesPerViewForWidth(360)).toBe(1);

    render(<BannerCarousel banners={unsorted} />);
    const carousel = screen.getByRole('region', { name: 'Offers and promotions' });
    expect(carousel.style.getPropertyValue('--slides-per-view')).toBe('3');
    act(() => setMedia({ widthPx: 1000 }));
    expect(carousel.style.getPropertyValue('--slides-per-view')).toBe('2');
    act(() => setMedia({ widthPx: 500 }));
    expect(carousel.style.getPropertyValue('--slides-per-view')).toBe('1');
  });

  it('renders nothing without banners', () => {
    const { container } = render(<BannerCarousel banners={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is fed by GET /getBanners on the landing page', async () => {
    resetStores();
    mockApi({
      'GET /api/getBanners': ok(unsorted),
      'GET /api/announcement/display': ok([
        { id: 'n1', message: 'IPL markets are open', createdAt: '2025-04-01T10:00:00Z' },
      ]),
    });
    renderApp('/');
    await screen.findAllByTestId('banner-slide');
    const orders = screen
      .getAllByTestId('banner-slide')
      .map((slide) => slide.getAttribute('data-order'));
    expect(orders).toEqual(['1', '2', '3', '10']);
    expect(screen.getByTestId('announcements')).toHaveTextContent('IPL markets are open');
    expect(await screen.findByRole('img', { name: 'SPM Exchange' })).toHaveAttribute(
      'src',
      '/logo.svg',
    );
  });
});
