import { PAPERS_PATHS, regradeAnswerSchema, type RegradePreviewBody } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';

/** Who a regrade would move, and its basis; nothing is changed. A POST, since the changes are its body. */
export function previewRegrade(paperId: string, body: RegradePreviewBody) {
  return apiRequest(fillPath(PAPERS_PATHS.regradePreview, { paperId }), { method: 'POST', body, schema: regradeAnswerSchema });
}

export function usePreviewRegradeMutation(paperId: string) {
  return useMutation({ mutationFn: (body: RegradePreviewBody) => previewRegrade(paperId, body) });
}
