import { t } from 'i18next';
import type { ApprovalRequest } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmPasswordDialog } from '../../../components/confirm-password-dialog';
import { translateServerMessage } from '../../../i18n/server-text';
import { formatDateTime } from '../../../i18n/format';
import { alerts } from '../../../lib/alerts';
import { failureText, showFailure } from '../../../lib/failure-alerts';
import { readSession } from '../../../lib/session';
import { useApprovalsQuery, useApproveMutation, useDeclineMutation } from '../api/approvals';

/** What the request would delete, in the reader's language. */
function whatOf(request: ApprovalRequest): string {
  const name = request.target.label;
  return request.action === 'student.delete' ? t('approvals.deleteStudent', { name }) : t('approvals.deleteClass', { name });
}

function RequestCard({ request, onApprove }: { request: ApprovalRequest; onApprove: (request: ApprovalRequest) => void }) {
  const decline = useDeclineMutation();
  const mine = request.requestedBy.id === readSession()?.id;
  // The requester may carry it out alone only as the academy's only admin, after the cooling-off (the server decides).
  const [shownAt] = useState(() => Date.now());
  const mayCarryOut = mine && shownAt >= Date.parse(request.soleAdminAfter);
  const refuse = () =>
    decline.mutate(request.id, {
      onSuccess: (answer) => void alerts.success({ title: translateServerMessage(answer.message), toast: true }),
      onError: (error) => showFailure(t('alert.somethingWentWrongBang'), error),
    });
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }} aria-label={whatOf(request)}>
      <Typography sx={{ fontWeight: 600 }}>{whatOf(request)}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('approvals.askedBy', { name: request.requestedBy.name, when: formatDateTime(request.requestedAt) })} · {t('approvals.expires', { when: formatDateTime(request.expiresAt) })}
      </Typography>
      {mine && <Typography variant="body2">{t('approvals.yours', { when: formatDateTime(request.soleAdminAfter) })}</Typography>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(!mine || mayCarryOut) && (
          <Button variant="contained" color="error" onClick={() => onApprove(request)}>
            {mine ? t('approvals.carryOut') : t('approvals.approve')}
          </Button>
        )}
        <Button variant="outlined" disabled={decline.isPending} onClick={refuse}>
          {mine ? t('approvals.withdraw') : t('approvals.decline')}
        </Button>
      </Box>
    </Paper>
  );
}

/** Deletions of students and classes waiting for a second admin (docs/security.md 'Two admins for a deletion'). */
export function PendingApprovals() {
  const query = useApprovalsQuery();
  const approve = useApproveMutation();
  const [approving, setApproving] = useState<ApprovalRequest | null>(null);
  const close = () => {
    setApproving(null);
    approve.reset();
  };
  const confirm = (password: string) =>
    approving &&
    approve.mutate(
      { approvalId: approving.id, password },
      {
        onSuccess: (answer) => {
          close();
          void alerts.success({ title: translateServerMessage(answer.message), toast: true });
        },
      },
    );
  return (
    <Box component="section" aria-labelledby="pending-approvals" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id="pending-approvals" variant="h6" component="h2">
        {t('approvals.pendingTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('approvals.pendingHelp')}
      </Typography>
      {query.isPending && <Skeleton variant="rounded" height={96} />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.data?.length === 0 && <Typography>{t('approvals.none')}</Typography>}
      {query.data?.map((request) => <RequestCard key={request.id} request={request} onApprove={setApproving} />)}
      <ConfirmPasswordDialog
        open={Boolean(approving)}
        title={t('approvals.approveTitle')}
        text={approving ? t('approvals.approveText', { what: whatOf(approving) }) : ''}
        action={approving?.requestedBy.id === readSession()?.id ? t('approvals.carryOut') : t('approvals.approve')}
        pending={approve.isPending}
        error={approve.error ? failureText(approve.error) : null}
        onCancel={close}
        onConfirm={confirm}
      />
    </Box>
  );
}
