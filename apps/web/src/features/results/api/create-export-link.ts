import { useMutation } from '@tanstack/react-query';
import type { ExportFormat, ExportLinkBody, ExportLinkResponse, ResultsFilter } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { startDownload } from '@/lib/download';

/**
 * A 60-second signed link to the CSV or the workbook of the filtered responses, so the browser downloads it
 * itself, streamed, without page memory.
 */
export const createExportLink = (surveyId: string, body: ExportLinkBody) =>
  api<ExportLinkResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/results/export-link`, {
    method: 'POST',
    body,
  });

export const useDownloadResults = (surveyId: string) =>
  useMutation({
    mutationFn: ({ format, filter }: { format: ExportFormat; filter: ResultsFilter }) =>
      createExportLink(surveyId, { format, ...filter }),
    onSuccess: ({ url }) => startDownload(url),
  });
