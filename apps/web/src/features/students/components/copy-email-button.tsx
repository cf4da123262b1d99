import { t } from 'i18next';
import { ContentCopyIcon as ContentCopy } from '../../../components/icons/content-copy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';

/** The Email column's copy-to-clipboard button (spec section 2); its tooltip confirms the copy. */
export function CopyEmailButton({ email }: { email: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (error) {
      console.error('Copy to clipboard failed', error);
    }
  };
  return (
    <Tooltip title={copied ? t('students.list.copied') : t('students.list.copyEmail')}>
      <IconButton size="small" aria-label={t('students.list.copyEmailAria', { email })} onClick={() => void copy()}>
        <ContentCopy fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
