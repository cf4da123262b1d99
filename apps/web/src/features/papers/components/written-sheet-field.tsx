import { t } from 'i18next';
import { WRITTEN_LIMITS, type WrittenPart } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { UploadFileIcon } from '../../../components/icons/upload-file';
import { formatBytes, formatNumber } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { useUploadSheetMutation } from '../api/written-part';

/** The question sheet: a PDF uploaded with its progress; what is there now, by pages and size. */
export function WrittenSheetField({ paperId, sheet }: { paperId: string; sheet: WrittenPart['sheet'] }) {
  const upload = useUploadSheetMutation(paperId);
  const [percent, setPercent] = useState(0);
  const [tooLarge, setTooLarge] = useState(false);

  const choose = (file: File | undefined) => {
    upload.reset();
    setTooLarge(false);
    if (!file) return;
    if (file.size > WRITTEN_LIMITS.sheetMaxBytes) return setTooLarge(true);
    setPercent(0);
    upload.mutate({ file, onProgress: (fraction) => setPercent(Math.min(100, Math.floor(fraction * 100))) });
  };

  return (
    <Box component="section" aria-labelledby="sheet-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id="sheet-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('answerScripts.questionSheet')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        {sheet ? t('answerScripts.sheetHeld', { pages: formatNumber(sheet.pages), size: formatBytes(sheet.bytes) }) : t('answerScripts.noSheetYet')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('answerScripts.sheetRule')}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={upload.isPending} sx={{ alignSelf: 'flex-start' }}>
        {sheet ? t('answerScripts.replaceSheet') : t('answerScripts.uploadSheet')}
        <input
          hidden
          type="file"
          accept="application/pdf"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Button>
      {upload.isPending && (
        <Box role="status">
          <Typography variant="body2">{t('answerScripts.sheetUploading', { percent })}</Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={t('answerScripts.sheetProgress')} />
        </Box>
      )}
      {upload.isSuccess && <Alert severity="success">{t('answerScripts.sheetUploaded')}</Alert>}
      {(upload.error || tooLarge) && <Alert severity="error">{tooLarge ? t('answerScripts.sheetTooLarge') : failureText(upload.error ?? new Error())}</Alert>}
    </Box>
  );
}
