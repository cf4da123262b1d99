import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';

/** How often the mark moves: often enough that no corner stays clean for a screen recording. */
const MOVE_EVERY_MS = 6000;

function randomSpot() {
  return { top: 8 + Math.random() * 72, left: 4 + Math.random() * 56 };
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
        top: `${spot.top}%`,
        left: `${spot.left}%`,
        pointerEvents: 'none',
        userSelect: 'none',
        color: 'rgba(255, 255, 255, 0.55)',
        textShadow: '0 0 3px rgba(0, 0, 0, 0.6)',
        fontWeight: 700,
        fontSize: { xs: '0.85rem', sm: '1.1rem' },
        whiteSpace: 'nowrap',
        transition: 'top 1.2s ease, left 1.2s ease',
        zIndex: 2,
      }}
    >
      {name}
      {regNo ? ` · ${regNo}` : ''}
    </Box>
  );
}
