import { useEffect, useRef } from 'react';
import ImageGallery from 'react-image-gallery';
import 'react-image-gallery/styles/image-gallery.css';
import { GALLERY } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';

const T = MESSAGES.gallery;

export interface PhotoGalleryProps {
  photos: readonly string[];
  /** Alt text of photo `i` (0-based). */
  alt: (i: number) => string;
}

/**
 * The phone panel's photos (spec §9's gallery defaults): react-image-gallery, whose own defaults the spec's
 * numbers are, passed explicitly because its current major changed the slide duration (450 → 550 ms).
 * Swipe threshold 30 is a percentage of the slide's width and flick 0.4 a speed, as that library reads them;
 * it debounces its resize observer by 50 ms, the spec's slider resize debounce.
 */
export function PhotoGallery({ photos, alt }: PhotoGalleryProps) {
  const root = useRef<HTMLDivElement | null>(null);
  useSpanishSlideLabels(root, photos.length);
  return (
    <div ref={root} className="photo-gallery" role="group" aria-label={T.label}>
      <ImageGallery
        items={photos.map((src, i) => ({
          original: src,
          thumbnail: src,
          originalAlt: alt(i),
          thumbnailAlt: alt(i),
        }))}
        slideDuration={GALLERY.slideDurationMs}
        slideInterval={GALLERY.intervalMs}
        swipeThreshold={GALLERY.swipeThreshold}
        flickThreshold={GALLERY.flickThreshold}
        thumbnailPosition={GALLERY.thumbnailPosition}
        infinite={GALLERY.infinite}
        // Arrow keys stay with the map and the page; the gallery answers keys only while it has focus.
        useWindowKeyDown={false}
        renderLeftNav={(onClick, disabled) => navButton('left', T.previous, onClick, disabled)}
        renderRightNav={(onClick, disabled) => navButton('right', T.next, onClick, disabled)}
        renderPlayPauseButton={(onClick, playing) => (
          <button
            type="button"
            className="image-gallery-icon image-gallery-play-button photo-gallery__text-icon"
            aria-label={playing ? T.pause : T.play}
            aria-pressed={playing}
            onClick={onClick}
          >
            {playing ? '❚❚' : '▶'}
          </button>
        )}
        renderFullscreenButton={(onClick, full) => (
          <button
            type="button"
            className="image-gallery-icon image-gallery-fullscreen-button photo-gallery__text-icon"
            aria-label={full ? T.exitFullscreen : T.fullscreen}
            onClick={onClick}
          >
            {full ? '✕' : '⤢'}
          </button>
        )}
      />
    </div>
  );
}

function navButton(side: 'left' | 'right', label: string, onClick: () => void, disabled: boolean) {
  return (
    <button
      type="button"
      className={`image-gallery-icon image-gallery-${side}-nav photo-gallery__text-icon`}
      aria-label={label}
      disabled={disabled}
      onClick={() => {
        onClick();
      }}
    >
      {side === 'left' ? '‹' : '›'}
    </button>
  );
}

/**
 * The library names every slide and thumbnail "Go to Slide N" with no prop to change it; a screen reader
 * on a Spanish page would read English. The labels are rewritten in place, and again whenever the library
 * re-renders them (React only touches an attribute whose value it changes, so the rewrite sticks).
 */
function useSpanishSlideLabels(root: React.RefObject<HTMLDivElement | null>, total: number) {
  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const label = (i: number) => T.photo.replace('{n}', String(i + 1)).replace('{total}', String(total));
    const set = (node: Element, name: string, value: string) => {
      if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    };
    const relabel = () => {
      element.querySelectorAll('.image-gallery-thumbnail').forEach((node, i) => {
        set(node, 'aria-label', label(i));
      });
      // Looping galleries hold a copy of the last photo first and of the first photo last: the copies
      // are named as the photo they show and hidden from screen readers, which would read them twice.
      const slides = element.querySelectorAll('.image-gallery-slide');
      const cloned = slides.length === total + 2;
      slides.forEach((node, i) => {
        const clone = cloned && (i === 0 || i === slides.length - 1);
        set(node, 'aria-label', label(cloned ? (i + total - 1) % total : i));
        if (clone) set(node, 'aria-hidden', 'true');
      });
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(element, { subtree: true, childList: true, attributeFilter: ['aria-label'] });
    return () => {
      observer.disconnect();
    };
  }, [root, total]);
}
