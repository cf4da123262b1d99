import { t } from 'i18next';
import { isAdmin } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmPasswordDialog } from '../../../components/confirm-password-dialog';
import { formatDate } from '../../../i18n/format';
import { alerts } from '../../../lib/alerts';
import { failureText, showFailure } from '../../../lib/failure-alerts';
import { readSession } from '../../../lib/session';
import { useErasureMutations, useErasureStateQuery } from '../api/erasure';
import { useExportMyDataMutation } from '../api/export-my-data';

/**
 * The Profile page's "Your Data" (ASVS 8.3.2): the account's own data as a JSON download, and for a
 * student, erasure after the grace period, which signing in and pressing "Keep my account" cancels.
 */
export function PrivacyCard() {
  const student = !isAdmin(readSession()?.accountType);
  const exportData = useExportMyDataMutation();
  const state = useErasureStateQuery();
  const { request, cancel } = useErasureMutations();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const eraseAfter = state.data?.eraseAfter ?? null;

  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: () => void alerts.success({ title: t('privacy.downloaded'), toast: true }),
      onError: (error) => showFailure(t('alert.somethingWentWrong'), error),
    });
  const askErasure = (password: string) =>
    request.mutate(
      { password },
      {
        onSuccess: () => {
          setConfirming(false);
          void alerts.success({ title: t('privacy.erasureRequested'), toast: true });
        },
        onError: (error) => setRefusal(failureText(error)),
      },
    );
  const keep = () =>
    cancel.mutate(undefined, {
      onSuccess: () => void alerts.success({ title: t('privacy.erasureCancelled'), toast: true }),
      onError: (error) => showFailure(t('alert.somethingWentWrong'), error),
    });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="privacy-card-title" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography id="privacy-card-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, color: 'secondary.main' }}>
        {t('privacy.sectionTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('privacy.sectionHint')}
      </Typography>
      {student && state.isPending ? (
        <Skeleton variant="rounded" height={40} sx={{ mt: 2 }} />
      ) : (
        <>
          {eraseAfter && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('privacy.erasurePending', { date: formatDate(eraseAfter) })}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>
            <Button variant="outlined" disabled={exportData.isPending} aria-busy={exportData.isPending} onClick={download}>
              {t('privacy.download')}
            </Button>
            {student &&
              (eraseAfter ? (
                <Button variant="contained" disabled={cancel.isPending} onClick={keep}>
                  {t('privacy.cancelErasure')}
                </Button>
              ) : (
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => {
                    setRefusal(null);
                    setConfirming(true);
                  }}
                >
                  {t('privacy.erase')}
                </Button>
              ))}
          </Box>
        </>
      )}
      <ConfirmPasswordDialog
        open={confirming}
        title={t('privacy.eraseConfirmTitle')}
        text={t('privacy.eraseConfirmText', { days: state.data?.graceDays ?? 14 })}
        action={t('privacy.erase')}
        pending={request.isPending}
        error={refusal}
        onCancel={() => setConfirming(false)}
        onConfirm={askErasure}
      />
    </Paper>
  );
}
