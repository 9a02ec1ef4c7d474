/**
 * Sending mail. The built-in provider writes `Mail to <email>: <text>` to the server log
 * (like the SMS provider in sms.ts); a deployment plugs in a real mail gateway by
 * implementing MailProvider and putting it on `Services.mail`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../calls/context.ts';

export interface MailProvider {
  send(email: string, text: string): Promise<void>;
}

class LogMailProvider implements MailProvider {
  private readonly sent = new Map<string, string>();
  constructor(private readonly log: () => FastifyBaseLogger) {}

  async send(email: string, text: string): Promise<void> {
    this.sent.set(email, text);
    this.log().info(`Mail to ${email}: ${text}`);
  }

  /** The last mail sent to an address by this process (tests read it as a mailbox would). */
  last(email: string): string | undefined {
    return this.sent.get(email);
  }
}

const providers = new WeakMap<Services, MailProvider>();

/**
 * The mail provider of a server: `services.mail` when the server was given one, else one
 * log provider per server, created on first use.
 */
export function mailer(services: Services): MailProvider {
  const given = (services as Services & { mail?: MailProvider }).mail;
  if (given) return given;
  let provider = providers.get(services);
  if (!provider) {
    provider = new LogMailProvider(() => services.log);
    providers.set(services, provider);
  }
  return provider;
}

/** The outbox of a server using the log provider (tests): the last mail per address. */
export function mailOutbox(services: Services): { last(email: string): string | undefined } {
  const provider = mailer(services);
  if (!(provider instanceof LogMailProvider)) throw new Error('The server does not use the log mail provider');
  return provider;
}
