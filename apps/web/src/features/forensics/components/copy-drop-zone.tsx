import { t } from 'i18next';
import { UploadFileIcon as UploadFile } from '../../../components/icons/upload-file';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';

/** Any container ffmpeg reads: a downloader's .ts, a phone's .mp4 or .mov, a screen recorder's .mkv or .webm. */
const COPY_ACCEPT = ['video/*', '.ts', '.m2ts', '.mts', '.mp4', '.m4v', '.mov', '.mkv', '.webm', '.avi', '.flv', '.3gp'].join(',');

/** Where the leaked copy is chosen: a button that opens the file picker, or a file dropped on the zone. */
export function CopyDropZone({ onFile }: { onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="trace-drop-zone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 3,
        px: 2,
        py: { xs: 3, sm: 5 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        textAlign: 'center',
      }}
    >
      <UploadFile sx={{ fontSize: 48, color: 'secondary.main' }} aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>{t('forensics.dropHere')}</Typography>
      <Button variant="contained" onClick={() => input.current?.click()}>
        {t('forensics.chooseCopy')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('forensics.copyHint')}
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        accept={COPY_ACCEPT}
        data-testid="trace-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
