import Box from '@mui/material/Box';

// Drawn here rather than as emoji: flag emoji show as two letters on Windows and many Androids.

const size = { width: 18, height: 12, display: 'block', borderRadius: '2px', flexShrink: 0 } as const;

export function IndiaFlag() {
  return (
    <Box component="svg" viewBox="0 0 18 12" sx={size} aria-hidden>
      <rect width="18" height="4" fill="#FF9933" />
      <rect y="4" width="18" height="4" fill="#FFFFFF" />
      <rect y="8" width="18" height="4" fill="#138808" />
      <circle cx="9" cy="6" r="1.5" fill="none" stroke="#000080" strokeWidth="0.5" />
    </Box>
  );
}

/** The twelve stars of the European flag on its blue field. */
export function EuropeFlag() {
  const stars = Array.from({ length: 12 }, (_, i) => {
    const angle = (i * Math.PI) / 6;
    return <circle key={i} cx={9 + 3.6 * Math.sin(angle)} cy={6 - 3.6 * Math.cos(angle)} r="0.55" fill="#FFCC00" />;
  });
  return (
    <Box component="svg" viewBox="0 0 18 12" sx={size} aria-hidden>
      <rect width="18" height="12" fill="#003399" />
      {stars}
    </Box>
  );
}
