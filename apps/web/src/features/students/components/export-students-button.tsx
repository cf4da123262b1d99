import { t } from 'i18next';
import type { StudentExportQuery } from '@academy/contract';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmPasswordDialog, passwordRefusal } from '../../../components/confirm-password-dialog';
import { DownloadIcon as Download } from '../../../components/icons/download';
import { alerts } from '../../../lib/alerts';
import { useExportStudentsMutation } from '../api/export-students';

/**
 * Export CSV: every matching student's contact details, so the admin's password is asked again
 * first (ASVS 3.7.1). A wrong password stays in the dialog; any other failure is the spec's alert.
 */
export function ExportStudentsButton({ filter }: { filter: StudentExportQuery }) {
  const mutation = useExportStudentsMutation();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const ask = () => {
    setRefusal(null);
    setAsking(true);
  };
  const confirm = (password: string) =>
    mutation.mutate(
      { ...filter, password },
      {
        onSuccess: () => setAsking(false),
        onError: (error) => {
          const wrong = passwordRefusal(error);
          if (wrong) return setRefusal(wrong);
          setAsking(false);
          void alerts.error({ title: t('alert.somethingWentWrongBang'), text: error.message });
        },
      },
    );

  return (
    <>
      <Button variant="outlined" size="small" startIcon={<Download />} onClick={ask} disabled={mutation.isPending}>
        {t('students.list.exportCsv')}
      </Button>
      <ConfirmPasswordDialog
        open={asking}
        text={t('students.list.confirmExport')}
        action={t('students.list.exportCsv')}
        pending={mutation.isPending}
        error={refusal}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      />
    </>
  );
}
