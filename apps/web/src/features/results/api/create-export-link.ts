import { useMutation } from '@tanstack/react-query';
import type { ExportLinkResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** A 60-second signed link to the CSV, so the browser downloads it itself, streamed, without page memory. */
export const createExportLink = (surveyId: string) =>
  api<ExportLinkResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/results/export-link`, { method: 'POST' });

/** Lets the browser download the file: an ordinary link navigation, answered as an attachment. */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

export const useDownloadCsv = (surveyId: string) =>
  useMutation({
    mutationFn: () => createExportLink(surveyId),
    onSuccess: ({ url }) => startDownload(url),
  });
