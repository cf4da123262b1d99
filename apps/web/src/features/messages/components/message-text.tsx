import Typography from '@mui/material/Typography';

/** A message as the admin typed it: line breaks kept, long words wrapped, markup shown as text. */
export function MessageText({ text }: { text: string }) {
  return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>;
}
