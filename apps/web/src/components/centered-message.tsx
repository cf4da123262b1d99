import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface CenteredMessageProps {
  image?: { src: string; alt: string };
  heading: string;
  text: string;
  action?: ReactNode;
}

/** The layout shared by the under-development, not-allowed and not-found pages. */
export function CenteredMessage({ image, heading, text, action }: CenteredMessageProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 2,
        py: 6,
        minHeight: '60vh',
      }}
    >
      {image && <Box component="img" src={image.src} alt={image.alt} sx={{ width: '100%', maxWidth: 320, height: 'auto' }} />}
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, color: 'primary.main', fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {heading}
      </Typography>
      <Typography sx={{ maxWidth: 480, color: 'text.secondary' }}>{text}</Typography>
      {action}
    </Box>
  );
}
