import { t } from 'i18next';
import type { Message } from '@academy/contract';
import { DeleteOutlinedIcon as DeleteOutline } from '../../../components/icons/delete-outlined';
import { EditOutlinedIcon as EditOutlined } from '../../../components/icons/edit-outlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { sentAt, viewsLabel } from '../lib/message-display';
import { MessageText } from './message-text';
import { ResourceLink } from './resource-link';
import { BatchChip, ClassTypeChips, RegionChip } from './target-chips';

interface SentMessageCardProps {
  message: Message;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
}

/** One card of 'Sent Messages' (spec section 2): the message, its link, its targets, edit and delete. */
export function SentMessageCard({ message, onEdit, onDelete }: SentMessageCardProps) {
  return (
    <Card component="li" variant="outlined" sx={{ borderRadius: 3, listStyle: 'none' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <MessageText text={message.message} />
          </Box>
          <Tooltip title={t('messages.editTooltip')}>
            <IconButton aria-label={t('messages.editAria')} onClick={() => onEdit(message)}>
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('messages.deleteTooltip')}>
            <IconButton aria-label={t('messages.deleteAria')} color="error" onClick={() => onDelete(message)}>
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </Box>
        {message.link && <ResourceLink href={message.link} />}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <BatchChip batch={message.batch} />
          <RegionChip region={message.region} />
          <ClassTypeChips classType={message.classType} />
          <Typography variant="caption" sx={{ color: 'text.secondary', ml: 'auto' }}>
            {sentAt(message.createdAt)} · {viewsLabel(message.views)}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
