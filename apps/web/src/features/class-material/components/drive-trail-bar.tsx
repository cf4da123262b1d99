import { t } from 'i18next';
import { ArrowBackIcon as ArrowBack } from '../../../components/icons/arrow-back';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Crumb } from '../hooks/use-drive-trail';

interface DriveTrailBarProps {
  trail: Crumb[];
  onBack: () => void;
  onHome: () => void;
  onGoTo: (index: number) => void;
}

/** Spec section 2: the back arrow when the trail is not empty, and breadcrumbs starting at 'Home'. */
export function DriveTrailBar({ trail, onBack, onHome, onGoTo }: DriveTrailBarProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
      {trail.length > 0 && (
        <IconButton aria-label={t('classMaterial.back')} onClick={onBack} size="small">
          <ArrowBack />
        </IconButton>
      )}
      <Breadcrumbs aria-label={t('classMaterial.folders')} sx={{ minWidth: 0, '& ol': { flexWrap: 'wrap' } }}>
        <Link component="button" type="button" underline="hover" onClick={onHome} sx={{ fontWeight: 600 }}>
          {t('classMaterial.home')}
        </Link>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <Typography key={crumb.id} aria-current="page" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
              {crumb.name}
            </Typography>
          ) : (
            <Link key={crumb.id} component="button" type="button" underline="hover" onClick={() => onGoTo(index)}>
              {crumb.name}
            </Link>
          ),
        )}
      </Breadcrumbs>
    </Box>
  );
}
