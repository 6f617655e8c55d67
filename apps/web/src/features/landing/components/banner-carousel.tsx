import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { CAROUSEL } from '@spm/contract';
import type { Banner } from '@spm/contract';
import { sortBanners } from '../api/get-banners';
import { useSlidesPerView } from '../lib/slides-per-view';

interface BannerCarouselProps {
  banners: readonly Banner[];
}

function BannerImage({ banner }: { banner: Banner }) {
  const image = <img src={banner.imageUrl} alt={banner.title} loading="lazy" draggable={false} />;
  if (!banner.linkUrl) return image;
  const external = /^https?:\/\//.test(banner.linkUrl);
  return (
    <a
      href={banner.linkUrl}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {image}
    </a>
  );
}

/** SPEC 9 carousel: 3/2/1 slides by width, autoplay every 2 s, sorted by `order`. */
export function BannerCarousel({ banners }: BannerCarouselProps) {
  const { t } = useTranslation();
  const slides = useMemo(() => sortBanners(banners), [banners]);
  const slidesPerView = useSlidesPerView();
  // Plugins are created once: a new Autoplay instance per render would restart embla.
  const [plugins] = useState(() => [
    Autoplay({ delay: CAROUSEL.autoplayDelayMs, stopOnInteraction: false, stopOnMouseEnter: true }),
  ]);
  const [viewportRef, emblaApi] = useEmblaCarousel(
    { loop: slides.length > slidesPerView, align: 'start' },
    plugins,
  );
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const sync = () => {
      setSelected(emblaApi.selectedScrollSnap());
      setSnapCount(emblaApi.scrollSnapList().length);
    };
    sync();
    emblaApi.on('select', sync).on('reInit', sync);
    return () => {
      emblaApi.off('select', sync).off('reInit', sync);
    };
  }, [emblaApi]);

  // Slide widths change with the breakpoint; embla must re-measure its snaps.
  useEffect(() => {
    emblaApi?.reInit();
  }, [emblaApi, slidesPerView, slides.length]);

  const scrollPrev = useCallback(() => emblaApi?.scrollPrev(), [emblaApi]);
  const scrollNext = useCallback(() => emblaApi?.scrollNext(), [emblaApi]);

  if (slides.length === 0) return null;

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('landing.banners')}
      style={{ '--slides-per-view': slidesPerView } as CSSProperties}
    >
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__container">
          {slides.map((banner) => (
            <div
              key={banner.id}
              className="carousel__slide"
              data-testid="banner-slide"
              data-order={banner.order}
              role="group"
              aria-roledescription="slide"
            >
              <BannerImage banner={banner} />
            </div>
          ))}
        </div>
      </div>
      {snapCount > 1 && (
        // Arrows sit beside the dots under the slides, never on them: a banner's title is part
        // of its image (often at the left edge), and an arrow on top of it hid the words.
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__arrow carousel__arrow--prev"
            onClick={scrollPrev}
            aria-label={t('landing.previousSlide')}
            data-testid="carousel-prev"
          >
            ‹
          </button>
          <div className="carousel__dots">
            {Array.from({ length: snapCount }, (_, index) => (
              <button
                key={index}
                type="button"
                className={`carousel__dot${index === selected ? ' carousel__dot--active' : ''}`}
                aria-label={t('landing.goToSlide', { number: index + 1 })}
                aria-current={index === selected}
                onClick={() => emblaApi?.scrollTo(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--next"
            onClick={scrollNext}
            aria-label={t('landing.nextSlide')}
            data-testid="carousel-next"
          >
            ›
          </button>
        </div>
      )}
    </section>
  );
}
