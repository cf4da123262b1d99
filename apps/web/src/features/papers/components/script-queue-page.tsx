import { t } from 'i18next';
import { SCRIPT_STATES, type QueueRow, type ScriptState } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { ArrowBackIcon } from '../../../components/icons/arrow-back';
import { LinkButton } from '../../../components/link-button';
import { PageLoader } from '../../../components/page-loader';
import { tableAsCards } from '../../../components/table-as-cards';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { usePaperQuery } from '../api/get-paper';
import { useAssignMutation, useScriptsQuery } from '../api/script-marking';
import { filterQueue, type QueueFilter } from '../lib/script-queue';

export const STATE_WORDS = { 'to-do': 'answerScripts.toDo', 'in-progress': 'answerScripts.inProgress', marked: 'answerScripts.marked' } as const satisfies Record<ScriptState, string>;

const TABLE_SX = tableAsCards('.queue-action');

function markingAddress(paperId: string, scriptId: string): string {
  return `/papers/${encodeURIComponent(paperId)}/marking/${encodeURIComponent(scriptId)}`;
}

function QueueTableRow({ paperId, row, selected, onSelect }: { paperId: string; row: QueueRow; selected: boolean; onSelect: (on: boolean) => void }) {
  return (
    <TableRow hover selected={selected}>
      <TableCell padding="checkbox" className="queue-action">
        <Checkbox checked={selected} onChange={(event) => onSelect(event.target.checked)} slotProps={{ input: { 'aria-label': t('answerScripts.selectScript', { name: row.student.name }) } }} />
      </TableCell>
      <TableCell data-label={t('answerScripts.student')} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {row.student.name}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>{row.student.regNo}</Typography>
      </TableCell>
      <TableCell data-label={t('papersResults.handedIn')}>{formatDateTime(row.handedInAt, { dateStyle: 'short', timeStyle: 'short' })}</TableCell>
      <TableCell data-label={t('answerScripts.pages')}>{formatNumber(row.pageCount)}</TableCell>
      <TableCell data-label={t('answerScripts.state')}>{t(STATE_WORDS[row.state])}</TableCell>
      <TableCell data-label={t('answerScripts.marker')}>{row.markerName ?? t('answerScripts.unassigned')}</TableCell>
      <TableCell data-label={t('answerScripts.writtenMarks')}>{row.writtenMarks === null ? '–' : formatNumber(row.writtenMarks)}</TableCell>
      <TableCell className="queue-action">
        <LinkButton to={markingAddress(paperId, row.scriptId)} variant={row.state === 'marked' ? 'text' : 'contained'} size="small" aria-label={t(row.state === 'marked' ? 'answerScripts.openScriptOf' : 'answerScripts.markScriptOf', { name: row.student.name })}>
          {row.state === 'marked' ? t('answerScripts.open') : t('answerScripts.mark')}
        </LinkButton>
      </TableCell>
    </TableRow>
  );
}

/** #/papers/{id}/marking (admin): the scripts to mark, by state and marker; assigning them to staff. */
export function MarkingQueuePage() {
  const { paperId = '' } = useParams();
  const query = useScriptsQuery(paperId);
  const title = usePaperQuery(paperId).data?.paper.title;
  const assign = useAssignMutation(paperId);
  const [filter, setFilter] = useState<QueueFilter>({ state: 'all', marker: 'all' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [assignee, setAssignee] = useState('none');

  if (query.error) return <Alert severity="error">{failureText(query.error)}</Alert>;
  if (!query.data) return <PageLoader />;
  const { counts, rows, markers } = query.data;
  const shown = filterQueue(rows, filter);
  const firstToMark = shown.find((row) => row.state !== 'marked') ?? rows.find((row) => row.state !== 'marked');
  const countOf: Record<ScriptState, number> = { 'to-do': counts.toDo, 'in-progress': counts.inProgress, marked: counts.marked };
  const toggle = (scriptId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(scriptId);
      else next.delete(scriptId);
      return next;
    });

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <LinkButton to={`/papers/${encodeURIComponent(paperId)}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          {t('papersResults.backToPaper')}
        </LinkButton>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' }, overflowWrap: 'anywhere' }}>
          {t('answerScripts.markingOf', { title: title ?? '' })}
        </Typography>
        {counts.notHandedIn > 0 && (
          <Typography sx={{ color: 'text.secondary' }}>{t('answerScripts.notHandedInCount', { count: counts.notHandedIn, number: formatNumber(counts.notHandedIn) })}</Typography>
        )}
      </Box>
      {firstToMark && (
        <LinkButton to={markingAddress(paperId, firstToMark.scriptId)} variant="contained" size="large" sx={{ alignSelf: 'flex-start' }}>
          {t('answerScripts.startMarking')}
        </LinkButton>
      )}
      <Tabs
        value={filter.state}
        onChange={(_, state: QueueFilter['state']) => setFilter((current) => ({ ...current, state }))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('answerScripts.byState')}
      >
        <Tab value="all" label={t('answerScripts.allCount', { number: formatNumber(rows.length) })} />
        {SCRIPT_STATES.map((state) => (
          <Tab key={state} value={state} label={`${t(STATE_WORDS[state])} (${formatNumber(countOf[state])})`} />
        ))}
      </Tabs>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField select size="small" label={t('answerScripts.marker')} value={filter.marker} onChange={(event) => setFilter((current) => ({ ...current, marker: event.target.value }))} sx={{ minWidth: 200 }}>
          <MenuItem value="all">{t('answerScripts.allMarkers')}</MenuItem>
          <MenuItem value="none">{t('answerScripts.unassigned')}</MenuItem>
          {markers.map((marker) => (
            <MenuItem key={marker.id} value={marker.id}>{marker.name}</MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', ml: { md: 'auto' } }}>
          <TextField select size="small" label={t('answerScripts.assignTo')} value={assignee} onChange={(event) => setAssignee(event.target.value)} sx={{ minWidth: 200 }}>
            <MenuItem value="none">{t('answerScripts.unassigned')}</MenuItem>
            {markers.map((marker) => (
              <MenuItem key={marker.id} value={marker.id}>{marker.name}</MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={selected.size === 0 || assign.isPending}
            onClick={() => assign.mutate({ scriptIds: [...selected], markerId: assignee === 'none' ? null : assignee }, { onSuccess: () => setSelected(new Set()) })}
          >
            {t('answerScripts.assignSelected', { count: selected.size, number: formatNumber(selected.size) })}
          </Button>
        </Box>
      </Box>
      {assign.error && <Alert severity="error">{failureText(assign.error)}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={t('answerScripts.markingQueue')} sx={TABLE_SX}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={shown.length > 0 && shown.every((row) => selected.has(row.scriptId))}
                  indeterminate={shown.some((row) => selected.has(row.scriptId)) && !shown.every((row) => selected.has(row.scriptId))}
                  onChange={(event) => setSelected(event.target.checked ? new Set(shown.map((row) => row.scriptId)) : new Set())}
                  slotProps={{ input: { 'aria-label': t('answerScripts.selectAll') } }}
                />
              </TableCell>
              <TableCell>{t('answerScripts.student')}</TableCell>
              <TableCell>{t('papersResults.handedIn')}</TableCell>
              <TableCell>{t('answerScripts.pages')}</TableCell>
              <TableCell>{t('answerScripts.state')}</TableCell>
              <TableCell>{t('answerScripts.marker')}</TableCell>
              <TableCell>{t('answerScripts.writtenMarks')}</TableCell>
              <TableCell>
                <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  {t('papersResults.columnActions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.length === 0 && <EmptyTableRow columns={8} text={t('answerScripts.noScripts')} />}
            {shown.map((row) => (
              <QueueTableRow key={row.scriptId} paperId={paperId} row={row} selected={selected.has(row.scriptId)} onSelect={(on) => toggle(row.scriptId, on)} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
