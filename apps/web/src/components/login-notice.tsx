import { useEffect, useState } from 'react';
import { MESSAGES } from '@quorum/contract';
import { Banner } from './ui/banner';
import { clearLoginNotice, readLoginNotice } from '@/lib/login-notice';
import type { LoginNotice as Notice } from '@/lib/return-path';
import { useLoginNotice } from '@/lib/use-return-path';

const NOTICES: Record<Notice, { tone: 'success' | 'info'; text: string }> = {
  'session-ended': { tone: 'info', text: MESSAGES.sessionEnded },
  'password-reset': { tone: 'success', text: MESSAGES.passwordResetDone },
  'signed-out-everywhere': { tone: 'success', text: MESSAGES.signedOutEverywhere },
};

/**
 * Why the login page was opened: a notice in the address (`?notice=`: the session ended, the password was reset,
 * signed out everywhere), or a message a screen left when it signed the visitor out (the account was deleted),
 * shown for this visit only.
 */
export function LoginNotice() {
  const notice = useLoginNotice();
  const [left] = useState(readLoginNotice);
  useEffect(() => clearLoginNotice(), []);
  if (notice) {
    const { tone, text } = NOTICES[notice];
    return <Banner tone={tone}>{text}</Banner>;
  }
  return left ? <Banner tone="success">{left}</Banner> : null;
}
