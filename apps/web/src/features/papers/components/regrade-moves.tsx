import { t } from 'i18next';
import type { RegradeAnswer } from '@academy/contract';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { tableAsCards } from '../../../components/table-as-cards';
import { formatNumber } from '../../../i18n/format';

type Preview = RegradeAnswer['data'];

function rank(value: number | null): string {
  return value === null ? '–' : formatNumber(value);
}

/** A value before and after: '34 → 36'. */
function move(before: string, after: string): string {
  return `${before} → ${after}`;
}

/** The preview: every student whose marks or island rank would move, before and after. Nothing has changed yet. */
export function RegradeMoves({ preview }: { preview: Preview }) {
  const columns = {
    name: t('papersResults.columnName'),
    regNo: t('papersResults.columnRegNo'),
    marks: t('papersResults.marks'),
    rank: t('papersResults.columnIslandRank'),
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography>
        {t('papersResults.maxMarksMove', { before: formatNumber(preview.maxMarksBefore), after: formatNumber(preview.maxMarksAfter) })}
      </Typography>
      <Typography>
        {t('papersResults.movesSummary', { count: preview.moves.length, unchanged: formatNumber(preview.unchanged) })}
      </Typography>
      {preview.moves.length > 0 && (
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label={t('papersResults.moves')} sx={tableAsCards('.move-name')}>
            <TableHead>
              <TableRow>
                {Object.values(columns).map((label) => (
                  <TableCell key={label}>{label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.moves.map((student) => (
                <TableRow key={student.studentId}>
                  <TableCell className="move-name" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {student.name}
                  </TableCell>
                  <TableCell data-label={columns.regNo}>{student.regNo}</TableCell>
                  <TableCell data-label={columns.marks}>{move(formatNumber(student.marksBefore), formatNumber(student.marksAfter))}</TableCell>
                  <TableCell data-label={columns.rank}>{move(rank(student.islandRankBefore), rank(student.islandRankAfter))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
