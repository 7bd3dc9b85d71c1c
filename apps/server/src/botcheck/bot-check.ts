import type { BotCheckAction } from '@quorum/contract';

/** Verifies a bot-check token for an action; throws an AppError when the check refuses it. */
export interface BotCheck {
  readonly enabled: boolean;
  verify(token: string | undefined, action: BotCheckAction, clientIp: string): Promise<void>;
}

/** The bot check switched off: every call passes. */
export const disabledBotCheck: BotCheck = {
  enabled: false,
  async verify() {},
};
