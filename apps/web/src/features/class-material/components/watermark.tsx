import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';

/** How often the mark moves: often enough that no corner stays clean for a screen recording. */
const MOVE_EVERY_MS = 6000;

/** Where the mark sits, as a share of the room the frame leaves around it (0: one edge, 100: the other). */
function randomSpot() {
  return { top: 5 + Math.random() * 90, left: 5 + Math.random() * 90 };
}

/**
 * The viewer's name and regNo across the file (PRODUCT.md 'Class material'), moving now and then:
 * a deterrent against sharing recorded lessons, not a lock. It ignores the pointer.
 */
export function Watermark({ name, regNo }: { name: string; regNo: string }) {
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
        maxWidth: '94%',
        pointerEvents: 'none',
        userSelect: 'none',
        color: 'rgba(255, 255, 255, 0.55)',
        textShadow: '0 0 3px rgba(0, 0, 0, 0.6)',
        fontWeight: 700,
        fontSize: { xs: '0.85rem', sm: '1.1rem' },
        overflowWrap: 'anywhere',
        transition: 'top 1.2s ease, left 1.2s ease, transform 1.2s ease',
        zIndex: 2,
      }}
    >
      {name}
      {regNo ? ` · ${regNo}` : ''}
    </Box>
  );
}
