import { t } from 'i18next';
import { BANNER_ASPECT, BANNER_CAROUSEL } from '@academy/contract';
import { PausePlainIcon as Pause } from '../../../components/icons/pause-plain';
import { PlayArrowPlainIcon as PlayArrow } from '../../../components/icons/play-arrow-plain';
import { useEffect, useState } from 'react';
import { useReducedMotion } from '../../../lib/reduced-motion';
import { CAROUSEL_SIZES, type CarouselItem } from '../lib/carousel-items';
import './banner-carousel.css';

// Spec section 9: one image at a time on every screen, every 3000 ms, a 1000 ms slide, looping
// without end. A copy of the first slide after the last makes the loop seamless: the track slides
// onto the copy, then jumps back to the real first slide with no transition.
// A few lines of CSS transform instead of a carousel library, and plain elements instead of MUI
// (banner-carousel.css), keep the login page's download small.

export function BannerCarousel({ items }: { items: readonly CarouselItem[] }) {
  const count = items.length;
  const [position, setPosition] = useState(0);
  // People who ask their device for less motion get a still first slide and a Play button, until
  // they choose otherwise. Read after the first render, which must match the server's drawing of
  // the login page (it cannot know); the first slide change is seconds away.
  const reducedMotion = useReducedMotion();
  const [pausedByChoice, setPausedByChoice] = useState<boolean>();
  const paused = pausedByChoice ?? reducedMotion;
  const [hovered, setHovered] = useState(false);
  const slides = count > 1 ? [...items, ...items.slice(0, 1)] : items;
  const playing = count > 1 && !paused && !hovered;

  useEffect(() => {
    if (!playing) return;
    // From the copy of the first slide (if its transitionend was missed) the next is slide 2.
    const timer = setInterval(() => setPosition((current) => (current >= count ? 1 : current + 1)), BANNER_CAROUSEL.autoplayMs);
    return () => clearInterval(timer);
  }, [playing, count]);

  // A new campaign starts from its first slide.
  const campaign = items.map((item) => item.src).join(' ');
  const [shown, setShown] = useState(campaign);
  if (shown !== campaign) {
    setShown(campaign);
    setPosition(0);
  }

  return (
    <div
      className="banner-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('banners.carouselLabel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Keyboard focus inside (the Pause button) holds the slides still too, as a pointer does (WCAG 2.2.2).
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div
        className="banner-carousel-track"
        aria-live={playing ? 'off' : 'polite'}
        onTransitionEnd={() => {
          if (position === count) setPosition(0);
        }}
        style={{
          transform: `translateX(-${position * 100}%)`,
          // Position 0 is only ever reached by the jump back from the copy, which must not show.
          transition: position === 0 ? 'none' : `transform ${BANNER_CAROUSEL.transitionMs}ms ease-in-out`,
        }}
      >
        {slides.map((item, index) => (
          <div
            key={`${item.src}-${index}`}
            className="banner-carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('banners.slideOf', { number: (index % count) + 1, count })}
            aria-hidden={index === count || undefined}
          >
            <img
              src={item.src}
              srcSet={item.srcSet}
              sizes={item.srcSet ? CAROUSEL_SIZES : undefined}
              alt={index === count ? '' : item.alt}
              // Sizes known up front, so the page does not move while the images load. The first
              // image is what the login page paints largest: it goes first.
              width={1200}
              height={500}
              fetchPriority={index === 0 ? 'high' : 'low'}
              style={{ aspectRatio: `${BANNER_ASPECT.width} / ${BANNER_ASPECT.height}` }}
            />
          </div>
        ))}
      </div>
      {count > 1 && (
        <button
          type="button"
          className="banner-carousel-toggle"
          aria-label={paused ? t('banners.play') : t('banners.pause')}
          onClick={() => setPausedByChoice(!paused)}
        >
          {paused ? <PlayArrow className="small" /> : <Pause className="small" />}
        </button>
      )}
    </div>
  );
}
