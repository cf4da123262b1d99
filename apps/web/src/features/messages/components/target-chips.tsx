import { listLabel } from '../../../i18n/list-labels';
import { t } from 'i18next';
import { type Message, type MessageClassType } from '@academy/contract';
import { DescriptionIcon as Description } from '../../../components/icons/description';
import { GroupsIcon as Groups } from '../../../components/icons/groups';
import { MenuBookIcon as MenuBook } from '../../../components/icons/menu-book';
import { PublicIcon as Public } from '../../../components/icons/public';
import { ReplayIcon as Replay } from '../../../components/icons/replay';
import { SchoolIcon as School } from '../../../components/icons/school';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { EuropeFlag, IndiaFlag } from './flags';

// The chips that say who a message reaches (spec section 2): one region, with its flag or a globe,
// and one per class type, with its icon. An empty target reaches everyone and says so.

export function RegionChip({ region }: { region: Message['region'] }) {
  const only = region.length === 1 ? region[0] : undefined;
  if (only) {
    return <Chip size="small" variant="outlined" icon={only === 'Indian' ? <IndiaFlag /> : <EuropeFlag />} label={listLabel('region', only)} sx={{ pl: 0.5 }} />;
  }
  return <Chip size="small" variant="outlined" icon={<Public />} label={t('messages.allRegions')} />;
}

const CLASS_ICONS: Record<MessageClassType, ReactElement> = {
  Theory: <MenuBook />,
  Revision: <Replay />,
  Paper: <Description />,
};

export function ClassTypeChips({ classType }: { classType: Message['classType'] }) {
  if (classType.length === 0) return <Chip size="small" variant="outlined" icon={<School />} label={t('messages.allClasses')} />;
  return classType.map((type) => <Chip key={type} size="small" variant="outlined" color="secondary" icon={CLASS_ICONS[type]} label={listLabel('classType', type)} />);
}

export function BatchChip({ batch }: { batch: string }) {
  return <Chip size="small" icon={<Groups />} label={batch ? t('messages.batchChip', { batch }) : t('messages.everyBatch')} />;
}
