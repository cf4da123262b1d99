import { t } from 'i18next';
import { translateUrl, type Message } from '@academy/contract';
import { TranslateIcon as Translate } from '../../../components/icons/translate';
import { VisibilityOutlinedIcon as Visibility } from '../../../components/icons/visibility-outlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { sentAt, viewsLabel } from '../lib/message-display';
import { MessageText } from './message-text';
import { ResourceLink } from './resource-link';
import { ClassTypeChips, RegionChip } from './target-chips';

/** One announcement in the feed (spec section 2 'Messages feed'). */
export function FeedMessageCard({ message }: { message: Message }) {
  return (
    <Card component="article" variant="outlined" sx={{ borderRadius: 3 }} aria-label={`${t('messages.author')}, ${sentAt(message.createdAt)}`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700 }}>{t('messages.authorInitials')}</Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>{t('messages.author')}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {sentAt(message.createdAt)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
            <Visibility fontSize="small" aria-hidden />
            <Typography variant="body2">{viewsLabel(message.views)}</Typography>
          </Box>
        </Box>
        <MessageText text={message.message} />
        {message.link && <ResourceLink href={message.link} />}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <RegionChip region={message.region} />
          <ClassTypeChips classType={message.classType} />
          <Tooltip title={t('messages.translate')}>
            <IconButton
              component="a"
              href={translateUrl(message.message)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('messages.translate')}
              sx={{ ml: 'auto' }}
            >
              <Translate />
            </IconButton>
          </Tooltip>
        </Box>
      </CardContent>
    </Card>
  );
}
