import { useMutation } from '@tanstack/react-query';
import type { ExportLinkResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { startDownload } from '@/lib/download';

/** A 60-second signed link to the CSV, so the browser downloads it itself, streamed, without page memory. */
export const createExportLink = (surveyId: string) =>
  api<ExportLinkResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/results/export-link`, { method: 'POST' });

export const useDownloadCsv = (surveyId: string) =>
  useMutation({
    mutationFn: () => createExportLink(surveyId),
    onSuccess: ({ url }) => startDownload(url),
  });
