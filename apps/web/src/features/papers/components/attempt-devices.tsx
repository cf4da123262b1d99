import { t } from 'i18next';
import type { PaperAttempt } from '@academy/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { tableAsCards } from '../../../components/table-as-cards';
import { attemptTime } from '../lib/attempt-time';
import { durationText } from '../lib/duration-text';

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 1 }}>
      {children}
    </Typography>
  );
}

/** The devices an attempt was sat on, and the periods its page was away or its line was down. */
export function AttemptDevices({ attempt }: { attempt: PaperAttempt }) {
  const device = {
    number: t('papersResults.columnDevice'),
    label: t('papersResults.columnBrowser'),
    ip: t('papersResults.columnAddress'),
    first: t('papersResults.columnFirstSeen'),
    last: t('papersResults.columnLastSeen'),
  };
  const period = {
    kind: t('papersResults.columnKind'),
    device: t('papersResults.columnDevice'),
    from: t('papersResults.columnFrom'),
    to: t('papersResults.columnTo'),
    length: t('papersResults.columnLength'),
  };
  return (
    <>
      <Heading>{t('papersResults.devices')}</Heading>
      <Table size="small" aria-label={t('papersResults.devices')} sx={tableAsCards('.attempt-device')}>
        <TableHead>
          <TableRow>
            {Object.values(device).map((label) => (
              <TableCell key={label}>{label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {attempt.devices.map((row) => (
            <TableRow key={row.device}>
              <TableCell className="attempt-device" sx={{ fontWeight: 600 }}>
                {t('papersResults.deviceNumber', { number: row.device })}
              </TableCell>
              <TableCell data-label={device.label}>{row.label}</TableCell>
              <TableCell data-label={device.ip} sx={{ overflowWrap: 'anywhere' }}>
                {row.ip}
              </TableCell>
              <TableCell data-label={device.first}>{attemptTime(row.firstSeenAt)}</TableCell>
              <TableCell data-label={device.last}>{attemptTime(row.lastSeenAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Heading>{t('papersResults.periods')}</Heading>
      {attempt.events.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('papersResults.noPeriods')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('papersResults.periods')} sx={tableAsCards('.attempt-period')}>
          <TableHead>
            <TableRow>
              {Object.values(period).map((label) => (
                <TableCell key={label}>{label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {attempt.events.map((event) => (
              <TableRow key={`${event.kind}-${event.device}-${event.from}`}>
                <TableCell className="attempt-period" sx={{ fontWeight: 600 }}>
                  {t(`papersResults.eventKind.${event.kind}`)}
                </TableCell>
                <TableCell data-label={period.device}>{event.device}</TableCell>
                <TableCell data-label={period.from}>{attemptTime(event.from)}</TableCell>
                <TableCell data-label={period.to}>{attemptTime(event.to)}</TableCell>
                <TableCell data-label={period.length}>{durationText(event.seconds)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
