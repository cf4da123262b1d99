import { t } from 'i18next';
import { MONTH_STATES, receiptNumberLabel, type ClassMonth, type ClassMonthStudent, type MonthState, type PaymentMethod } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ArrowBackIcon } from '../../../../components/icons/arrow-back';
import { DownloadIcon } from '../../../../components/icons/download';
import { SendIcon } from '../../../../components/icons/send';
import { LinkButton } from '../../../../components/link-button';
import { PageLoader } from '../../../../components/page-loader';
import { formatDateTime } from '../../../../i18n/format';
import { alerts } from '../../../../lib/alerts';
import { downloadText } from '../../../../lib/csv-file';
import { failureText, showFailure } from '../../../../lib/failure-alerts';
import { useClassMonthQuery } from '../../api/get-class-month';
import { useRemindMutation } from '../../api/remind';
import { methodLabel, monthStateLabel } from '../../lib/admin-labels';
import { classMonthCsv } from '../../lib/class-month-csv';
import { formatMoney } from '../../lib/money';
import { monthLabel } from '../../lib/months';
import { MonthFigures } from './month-figures';
import { FeesTable } from './fees-table';

const COLUMNS = [
  'feesAdmin.columnName',
  'feesAdmin.columnRegNo',
  'feesAdmin.columnBatch',
  'feesAdmin.columnState',
  'feesAdmin.columnMethod',
  'feesAdmin.columnReceipt',
  'feesAdmin.columnAmount',
  'feesAdmin.columnReminded',
] as const;

/** On a phone each student is a card; the name runs across it. */

function downloadCsv(month: ClassMonth, monthName: string, students: readonly ClassMonthStudent[]) {
  const text = classMonthCsv(students, {
    columns: COLUMNS.map((column) => t(column)),
    state: (state) => monthStateLabel(state as MonthState),
    method: (method) => methodLabel(method as PaymentMethod),
    receipt: receiptNumberLabel,
  });
  downloadText(text, `${month.className} ${monthName}.csv`);
}

function StudentRow({ student, selected, onSelect }: { student: ClassMonthStudent; selected: boolean; onSelect: (on: boolean) => void }) {
  return (
    <TableRow hover selected={selected}>
      <TableCell className="month-student-name" data-label={t('feesAdmin.columnName')} sx={{ minWidth: { md: 200 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {student.state === 'unpaid' ? (
            <Checkbox
              size="small"
              checked={selected}
              onChange={(event) => onSelect(event.target.checked)}
              slotProps={{ input: { 'aria-label': t('feesAdmin.selectStudent', { name: student.name }) } }}
              sx={{ ml: -1 }}
            />
          ) : (
            <Box sx={{ width: 30, flexShrink: 0 }} />
          )}
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
            {student.name}
          </Typography>
        </Box>
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnRegNo')}>{student.regNo}</TableCell>
      <TableCell data-label={t('feesAdmin.columnBatch')}>{student.batch}</TableCell>
      <TableCell data-label={t('feesAdmin.columnState')}>
        {monthStateLabel(student.state)}
        {student.half && <Chip size="small" label={t('fees.stateHalf')} sx={{ ml: 1 }} />}
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnMethod')}>{student.method ? methodLabel(student.method) : '–'}</TableCell>
      <TableCell data-label={t('feesAdmin.columnReceipt')}>
        {student.receiptNo && student.paymentId ? (
          <Link component={RouterLink} to={`/fees/receipts/${encodeURIComponent(student.paymentId)}`}>
            {receiptNumberLabel(student.receiptNo)}
          </Link>
        ) : student.receiptNo ? (
          receiptNumberLabel(student.receiptNo)
        ) : (
          '–'
        )}
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnAmount')} sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(student.amountCents)}
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnReminded')}>{student.remindedAt ? formatDateTime(student.remindedAt) : '–'}</TableCell>
    </TableRow>
  );
}

interface RemindDialogProps {
  count: number;
  monthName: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Reminders are e-mails to many students at once: the admin confirms how many first. */
function RemindDialog({ count, monthName, pending, onCancel, onConfirm }: RemindDialogProps) {
  return (
    <Dialog open onClose={onCancel} aria-labelledby="remind-title" maxWidth="xs" fullWidth>
      <DialogTitle id="remind-title">{t('fees.remind')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('feesAdmin.remindConfirm', { count, month: monthName })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('general.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm} disabled={pending}>
          {t('fees.remind')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * #/fees/classes/:folderId/:month (admin): one class's month, its counts and amounts, the students by
 * state with their method and receipt, Remind on the unpaid (all, or the ones ticked), and a CSV.
 */
export function ClassMonthPage() {
  const { folderId = '', month = '' } = useParams();
  const query = useClassMonthQuery(folderId, month);
  const remind = useRemindMutation();
  const [state, setState] = useState<MonthState | ''>('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  if (query.error) return <Alert severity="error">{failureText(query.error)}</Alert>;
  if (!query.data) return <PageLoader />;
  const data = query.data;
  const monthName = monthLabel(month);
  const shown = state ? data.students.filter((student) => student.state === state) : data.students;
  const unpaid = data.students.filter((student) => student.state === 'unpaid');
  const chosen = unpaid.filter((student) => selected.has(student.studentId));
  const remindCount = chosen.length > 0 ? chosen.length : unpaid.length;

  const select = (studentId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(studentId);
      else next.delete(studentId);
      return next;
    });
  const sendReminders = () =>
    remind.mutate(
      { folderId, month, ...(chosen.length > 0 ? { studentIds: chosen.map((student) => student.studentId) } : {}) },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setSelected(new Set());
          void alerts.success({ title: t('feesAdmin.remindResult', { sent: answer.sent, skipped: answer.skipped }) });
        },
        onError: (error) => {
          setConfirming(false);
          showFailure(t('alert.somethingWentWrongBang'), error);
        },
      },
    );

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <LinkButton to="/fees" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          {t('feesAdmin.backToFees')}
        </LinkButton>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' }, overflowWrap: 'anywhere' }}>
          {data.className} · {monthName}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('feesAdmin.studentsCount', { count: data.counts.students })}</Typography>
      </Box>
      <MonthFigures counts={data.counts} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('feesAdmin.show')}
          value={state}
          onChange={(event) => setState(event.target.value as MonthState | '')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('feesAdmin.everyStudent')}</MenuItem>
          {MONTH_STATES.map((value) => (
            <MenuItem key={value} value={value}>
              {monthStateLabel(value)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<SendIcon />} disabled={remindCount === 0} onClick={() => setConfirming(true)}>
          {chosen.length > 0 ? t('feesAdmin.remindSelected', { count: chosen.length }) : t('feesAdmin.remindUnpaid')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => downloadCsv(data, monthName, shown)}>
          {t('feesAdmin.downloadCsv')}
        </Button>
      </Box>
      <FeesTable label={t('feesAdmin.studentsOf', { month: monthName })} headings={COLUMNS.map((column) => t(column))} cardTitle=".month-student-name" emptyText={shown.length === 0 ? t('feesAdmin.noStudents') : null}>
        {shown.map((student) => (
          <StudentRow key={student.studentId} student={student} selected={selected.has(student.studentId)} onSelect={(on) => select(student.studentId, on)} />
        ))}
      </FeesTable>
      {confirming && <RemindDialog count={remindCount} monthName={monthName} pending={remind.isPending} onCancel={() => setConfirming(false)} onConfirm={sendReminders} />}
    </Box>
  );
}

export default ClassMonthPage;
