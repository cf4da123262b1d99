import { t } from 'i18next';
import { BANNER_ASPECT } from '@academy/contract';
import { CheckCircleIcon as CheckCircle } from '../../../components/icons/check-circle';
import { CloseIcon as Close } from '../../../components/icons/close';
import { ImageNotSupportedIcon as ImageNotSupported } from '../../../components/icons/image-not-supported';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SelectedImage } from '../hooks/use-banner-selection';

interface PreviewGalleryProps {
  images: SelectedImage[];
  disabled: boolean;
  onRemove: (id: string) => void;
}

/** A preview cropped like the carousel crops it, or a placeholder when the file does not show as an image. */
function Preview({ image, label }: { image: SelectedImage; label: string }) {
  const [broken, setBroken] = useState(false);
  const frame = { width: '100%', aspectRatio: `${BANNER_ASPECT.width} / ${BANNER_ASPECT.height}`, display: 'block' } as const;
  if (broken) {
    return (
      <Box sx={{ ...frame, display: 'grid', placeItems: 'center', bgcolor: 'grey.200', color: 'text.secondary' }}>
        <Box sx={{ textAlign: 'center' }}>
          <ImageNotSupported />
          <Typography variant="caption" component="p">
            {t('banners.previewUnavailable')}
          </Typography>
        </Box>
      </Box>
    );
  }
  return <Box component="img" src={image.previewUrl} alt={`${label}: ${image.file.name}`} onError={() => setBroken(true)} sx={{ ...frame, objectFit: 'cover' }} />;
}

/** Spec section 2 'Preview Gallery': each chosen image labelled 'Image N' with a remove button. */
export function PreviewGallery({ images, disabled, onRemove }: PreviewGalleryProps) {
  return (
    <Box component="section" aria-labelledby="preview-gallery-heading">
      <Typography id="preview-gallery-heading" variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('banners.previewGallery')}
      </Typography>
      <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, m: 0, p: 0, listStyle: 'none' }}>
        {images.map((image, index) => {
          const label = t('banners.imageLabel', { number: index + 1 });
          return (
            <Box component="li" key={image.id} sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
              <Preview image={image} label={label} />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                {image.uploadedUrl && <CheckCircle fontSize="small" color="success" titleAccess={t('banners.uploaded')} />}
                <Typography variant="body2" noWrap sx={{ color: 'text.secondary', flex: 1, minWidth: 0 }}>
                  {image.file.name}
                </Typography>
              </Box>
              <IconButton
                aria-label={`${t('banners.remove')} ${label}`}
                disabled={disabled}
                onClick={() => onRemove(image.id)}
                size="small"
                sx={{ position: 'absolute', top: 6, right: 6, bgcolor: 'rgba(0,0,0,0.55)', color: 'common.white', '&:hover': { bgcolor: 'error.main' } }}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
