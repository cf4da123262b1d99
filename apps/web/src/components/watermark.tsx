import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';

/** How often the mark moves: often enough that no corner stays clean for a screen recording. */
const MOVE_EVERY_MS = 6000;

/** Where the mark sits, as a share of the room the frame leaves around it (0: one edge, 100: the other). */
function randomSpot() {
  return { top: 5 + Math.random() * 90, left: 5 + Math.random() * 90 };
}

/**
 * How the mark is drawn on what lies under it. Over a lesson or a PDF (`media`), whose colours are
 * anyone's, light letters with a dark halo show on both light and dark parts, above the picture.
 * Over the portal's own white cards (`page`: a paper's questions and its review) a halo would be a
 * smudge, so the letters are the brand's navy, faded, and large and bold enough to read at 3:1
 * (WCAG 1.4.3's large text): the mark is there to be read off a leaked screenshot, so it is held to
 * the contrast of text. There it lies under the words, not over them, so a student reads every
 * option whole; the frame it moves in must then be `isolation: isolate`, so the mark stays above
 * the card's own white.
 */
const SURFACES = {
  media: { color: 'rgba(255, 255, 255, 0.55)', textShadow: '0 0 3px rgba(0, 0, 0, 0.6)', fontSize: { xs: '0.85rem', sm: '1.1rem' }, zIndex: 2 },
  // Navy at 55% on white reads at 4:1; 1.2rem bold is WCAG's large text (at least 14 pt bold).
  page: { color: 'rgba(0, 23, 61, 0.55)', textShadow: 'none', fontSize: '1.2rem', zIndex: -1 },
} as const;

/**
 * The viewer's name and regNo across what they are viewing (PRODUCT.md 'Class material'), moving
 * now and then: a deterrent against sharing recorded lessons, not a lock. It ignores the pointer,
 * and screen readers skip it (it says nothing the reader does not know). Shared, so every feature
 * that shows a student's material marks it the same way.
 */
export function Watermark({ name, regNo, surface = 'media' }: { name: string; regNo: string; surface?: keyof typeof SURFACES }) {
  const [spot, setSpot] = useState(randomSpot);
  useEffect(() => {
    const timer = window.setInterval(() => setSpot(randomSpot()), MOVE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Box
      data-testid="watermark"
      aria-hidden
      sx={{
        position: 'absolute',
        // Shifted back by the same share of its own size, so the whole mark stays inside the frame
        // however narrow (a phone held upright) or wide it is.
        top: `${spot.top}%`,
        left: `${spot.left}%`,
        transform: `translate(-${spot.left}%, -${spot.top}%)`,
        // As wide as the mark needs: placed near the right edge, shrink-to-fit would squeeze it into
        // the little room left of it, a column of single letters.
        width: 'max-content',
        maxWidth: '94%',
        pointerEvents: 'none',
        userSelect: 'none',
        ...SURFACES[surface],
        fontWeight: 700,
        overflowWrap: 'anywhere',
        transition: 'top 1.2s ease, left 1.2s ease, transform 1.2s ease',
      }}
    >
      {name}
      {regNo ? ` · ${regNo}` : ''}
    </Box>
  );
}
