import { CLASS_MATERIAL_PATHS, fileTicketAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function getFileTicket(fileId: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.fileTicket, { fileId }), { schema: fileTicketAnswerSchema });
}

/**
 * The viewer's secure-file address. Tickets are short-lived: the viewer asks again (refetch) when a
 * read fails, never on a timer, so a long lesson is not interrupted while it plays from the buffer.
 */
export function useFileTicketQuery(fileId: string) {
  return useQuery({
    queryKey: classMaterialKeys.ticket(fileId),
    queryFn: () => getFileTicket(fileId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    select: (answer) => answer.data,
  });
}
