import type { CreatePaperInput } from '@academy/contract';
import { useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { translateServerMessage } from '../../../i18n/server-text';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import { useCreatePaperMutation } from '../api/create-paper';
import { useUpdatePaperMutation } from '../api/update-paper';
import type { PaperFormValues } from '../lib/paper-form';
import { serverProblems } from '../lib/paper-form-errors';

type PaperForm = UseFormReturn<PaperFormValues, unknown, CreatePaperInput>;

/** Where a refusal of the whole question list is kept: a field array's own message is its `root`. */
function formPath(path: string): FieldPath<PaperFormValues> {
  return (path === 'questions' ? 'questions.root' : path) as FieldPath<PaperFormValues>;
}

/**
 * Saves the editor's paper: `POST papers` for a new one, `PUT papers/{id}` for one being edited,
 * then opens the paper's page. A refusal puts each refused field's sentence on that field, and
 * keeps the server's own sentence when it says more than the fields do (the 409 of a paper that
 * students have started, which names what can no longer change).
 */
export function useSavePaper(form: PaperForm, paperId: string | null) {
  const navigate = useNavigate();
  const create = useCreatePaperMutation();
  const update = useUpdatePaperMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const done = (id: string, message: string) => {
    void alerts.success({ title: translateServerMessage(message), toast: true });
    navigate(`/papers/${encodeURIComponent(id)}`);
  };

  const save = async (body: CreatePaperInput) => {
    setRefusal(null);
    try {
      if (paperId) {
        const { folderId: _folderId, ...changed } = body;
        done(paperId, (await update.mutateAsync({ paperId, body: changed })).message);
      } else {
        const answer = await create.mutateAsync(body);
        done(answer.data.id, answer.message);
      }
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setRefusal(failureText(error as Error));
        return;
      }
      const problems = serverProblems(error.answer?.errors ?? []);
      // A 400's message repeats its fields' sentences, which the fields show already.
      setRefusal(error.status === 400 && problems.length > 0 ? null : error.message);
      problems.forEach((problem, index) => form.setError(formPath(problem.path), { type: 'server', message: problem.sentence }, { shouldFocus: index === 0 }));
    }
  };

  return { save, refusal, pending: create.isPending || update.isPending };
}
