import { useMutation } from '@tanstack/react-query';
import { accountExportFileName, type AccountExport } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

/** GET /api/user/account/export: everything the account holds, as the contract's accountExportSchema. */
export const exportAccount = () => api<AccountExport>('/api/user/account/export');

/** Fetches the export with the session's token and saves it as a JSON file. */
export const useDownloadAccountData = () =>
  useMutation({
    mutationFn: exportAccount,
    onSuccess: (data) =>
      saveFile(
        accountExportFileName(data.exportedAt),
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      ),
  });
