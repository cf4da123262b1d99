import { listLabel } from '../../../i18n/list-labels';
import { t } from 'i18next';
import { type DriveItem } from '@academy/contract';
import { CloseIcon as Close } from '../../../components/icons/close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useClassAccessQuery } from '../api/get-class-access';
import { GrantList } from './grant-list';

/** A class's grants (revocable) and the students who may open it now. */
export function ClassAccessDialog({ item, onClose }: { item: DriveItem | null; onClose: () => void }) {
  const query = useClassAccessQuery(item?.id ?? null);
  if (query.error) console.error('Class access load failed', query.error);
  const data = query.data;
  return (
    <Dialog open={Boolean(item)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="class-access-title">
      <DialogTitle id="class-access-title" sx={{ pr: 6 }}>
        {t('classMaterial.classAccess')}: {item?.name}
        <IconButton aria-label={t('general.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {!data ? (
          <Typography role="status" sx={{ color: 'text.secondary' }}>{t('general.loadingDots')}</Typography>
        ) : (
          <>
            <GrantList grants={data.grants} showClass={false} />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2, fontWeight: 700 }}>
              Students ({data.students.length})
            </Typography>
            <List dense aria-label={t('classMaterial.studentsOfClass')}>
              {data.students.map((student) => (
                <ListItem key={student.studentId} disableGutters>
                  <ListItemText
                    primary={`${student.name}${student.regNo ? ` (${student.regNo})` : ''}`}
                    secondary={`${student.email} · ${student.batch} ${listLabel('classType', student.classType)}${student.accountState === 'active' ? '' : ` · ${t('classMaterial.suspended')}`}`}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
