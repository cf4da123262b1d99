import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** The one row of a table with nothing to list, across all its columns. */
export function EmptyTableRow({ columns, text }: { columns: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
        {text}
      </TableCell>
    </TableRow>
  );
}
