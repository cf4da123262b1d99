import { t } from 'i18next';
import { UPLOAD_EXTENSIONS } from '@academy/contract';
import { CreateNewFolderIcon as CreateNewFolder } from '../../../components/icons/create-new-folder';
import { FingerprintIcon as Fingerprint } from '../../../components/icons/fingerprint';
import { PersonSearchIcon as PersonSearch } from '../../../components/icons/person-search';
import { UploadFileIcon as UploadFile } from '../../../components/icons/upload-file';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LinkButton } from '../../../components/link-button';
import { translateServerMessage } from '../../../i18n/server-text';
import { alerts } from '../../../lib/alerts';
import { useAddAllLessonMarksMutation } from '../api/add-all-lesson-marks';
import { useCreateFolderMutation } from '../api/create-folder';
import { useCreateSubfolderMutation } from '../api/create-subfolder';
import { unfinishedUploads } from '../api/resumable-upload';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { failureText, showFailure } from '../../../lib/failure-alerts';
import { ItemNameDialog } from './item-name-dialog';
import { UploadProgress } from './upload-progress';

interface DriveAdminBarProps {
  /** The open folder, or null at the root (where a new folder is a new class). */
  folderId: string | null;
  /** Another feature's tools for the open folder (a new paper), placed after the folder's own. */
  tools?: ReactNode;
}

/**
 * The admin's tools above the files: a new folder here, and uploads with a progress bar; and the
 * leak-tracing tools: the tracer, and marks for lessons made before marks existed.
 */
export function DriveAdminBar({ folderId, tools }: DriveAdminBarProps) {
  const [naming, setNaming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const createClass = useCreateFolderMutation();
  const createSubfolder = useCreateSubfolderMutation();
  const creating = folderId ? createSubfolder : createClass;
  const uploads = useUploadQueue(folderId);
  const addAllMarks = useAddAllLessonMarksMutation();
  const progress = uploads.state;
  // Uploads of this folder cut off before a reload: the browser kept where they stopped, not the file.
  const [unfinished, setUnfinished] = useState<string[]>([]);
  useEffect(() => {
    if (!folderId || progress) return;
    let live = true;
    void unfinishedUploads(folderId).then((found) => live && setUnfinished(found.map((upload) => upload.metadata.filename ?? '')));
    return () => {
      live = false;
    };
  }, [folderId, progress]);

  const create = (name: string) => {
    const done = { onSuccess: () => setNaming(false) };
    if (folderId) createSubfolder.mutate({ folderId, name }, done);
    else createClass.mutate({ folderName: name }, done);
  };

  const pick = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    const failures = await uploads.upload(chosen);
    if (failures.length > 0) {
      void alerts.error({
        title: t('classMaterial.uploadFail'),
        text: failures.map((failure) => `${failure.name}: ${failureText(failure.error)}`).join(', '),
      });
    }
  };

  const markOlderLessons = () =>
    addAllMarks.mutate(undefined, {
      onSuccess: ({ data, message }) =>
        void (data.queued > 0
          ? alerts.success({ title: t('lessons.marksQueuedCount', { count: data.queued }), text: translateServerMessage(message), autoClose: true })
          : alerts.info({ title: t('lessons.marksNothingToAdd'), autoClose: true })),
      onError: (error) => showFailure(t('lessons.addMarksFailed'), error),
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<CreateNewFolder />} onClick={() => setNaming(true)} disabled={Boolean(progress)}>
          {t('classMaterial.newFolder')}
        </Button>
        {folderId && (
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()} disabled={Boolean(progress)}>
            {t('classMaterial.uploadFiles')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="class-file-input"
          accept={[...UPLOAD_EXTENSIONS, 'video/mp4', 'application/pdf'].join(',')}
          onChange={(event) => void pick(event.target.files)}
        />
        {tools}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: { md: 'auto' } }}>
          <LinkButton to="/trace" variant="outlined" color="secondary" startIcon={<PersonSearch />}>
            {t('lessons.traceLeak')}
          </LinkButton>
          <Button variant="outlined" color="secondary" startIcon={<Fingerprint />} onClick={markOlderLessons} disabled={addAllMarks.isPending}>
            {t('lessons.addMarksToOlder')}
          </Button>
        </Box>
      </Box>
      {progress && <UploadProgress progress={progress} onPause={uploads.pause} onResume={uploads.resume} />}
      {!progress && unfinished.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('classMaterial.unfinishedUploads', { names: unfinished.join(', ') })}
        </Typography>
      )}
      <ItemNameDialog
        open={naming}
        title={t('classMaterial.newFolder')}
        label={t('classMaterial.folderName')}
        submitLabel={t('general.create')}
        pending={creating.isPending}
        error={creating.error ? failureText(creating.error) : null}
        onSubmit={create}
        onClose={() => {
          setNaming(false);
          creating.reset();
        }}
      />
    </Box>
  );
}
