import { t } from 'i18next';
import { BANNER_ACCEPT } from '@academy/contract';
import { CloudUploadIcon as CloudUpload } from '../../../components/icons/cloud-upload';
import Button from '@mui/material/Button';

interface ImagePickerProps {
  disabled: boolean;
  onPick: (files: File[]) => void;
}

/**
 * The 'Upload Images' file picker (several files, images only). The button is the input's label;
 * the input itself stays focusable (visually hidden), so the keyboard reaches it, and the label
 * shows its focus ring.
 */
export function ImagePicker({ disabled, onPick }: ImagePickerProps) {
  return (
    <Button
      component="label"
      role={undefined}
      variant="outlined"
      disabled={disabled}
      startIcon={<CloudUpload />}
      sx={{ '&:has(input:focus-visible)': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
    >
      {t('banners.uploadImages')}
      <input
        type="file"
        multiple
        accept={BANNER_ACCEPT}
        aria-label={t('banners.pickerName')}
        disabled={disabled}
        onChange={(event) => {
          onPick([...(event.target.files ?? [])]);
          // Choosing the same file again after removing it must fire a change too.
          event.target.value = '';
        }}
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
      />
    </Button>
  );
}
