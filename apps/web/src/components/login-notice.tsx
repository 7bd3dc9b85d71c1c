import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Banner } from './ui/banner';
import { clearLoginNotice, readLoginNotice } from '@/lib/login-notice';
import type { LoginNotice as Notice } from '@/lib/return-path';
import { useLoginNotice } from '@/lib/use-return-path';

/** The contract's texts (`contract:validation.<key>`), in the interface's language. */
const NOTICES: Record<Notice, { tone: 'success' | 'info'; key: string }> = {
  'session-ended': { tone: 'info', key: 'sessionEnded' },
  'password-reset': { tone: 'success', key: 'passwordResetDone' },
  'signed-out-everywhere': { tone: 'success', key: 'signedOutEverywhere' },
};

/**
 * Why the login page was opened: a notice in the address (`?notice=`: the session ended, the password was reset,
 * signed out everywhere), or a message a screen left when it signed the visitor out (the account was deleted),
 * shown for this visit only.
 */
export function LoginNotice() {
  const { t } = useTranslation('contract');
  const notice = useLoginNotice();
  const [left] = useState(readLoginNotice);
  useEffect(() => clearLoginNotice(), []);
  if (notice) {
    const { tone, key } = NOTICES[notice];
    return <Banner tone={tone}>{t(`validation.${key}`)}</Banner>;
  }
  return left ? <Banner tone="success">{left}</Banner> : null;
}
