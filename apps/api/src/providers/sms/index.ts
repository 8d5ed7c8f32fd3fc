/** The SMS provider of this deployment: Twilio when its account is configured, else the development mailbox. */
import type { Env } from '../../env';
import { MailboxSmsProvider } from './mailbox-sms-provider';
import type { SmsProvider } from './sms-provider';
import { TwilioSmsProvider } from './twilio-provider';

export type { OutgoingSms, SmsProvider } from './sms-provider';
export { SmsSendError } from './sms-provider';
export { MailboxSmsProvider } from './mailbox-sms-provider';
export { TwilioSmsProvider } from './twilio-provider';

export function createSmsProvider(
  env: Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_URL'>,
): SmsProvider {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return new TwilioSmsProvider({
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      baseUrl: env.TWILIO_API_URL,
    });
  }
  return new MailboxSmsProvider();
}
