/**
 * Sending SMS codes. The built-in provider writes `SMS to <mobile>: <code>` to the server log;
 * a deployment plugs in a real gateway by implementing SmsProvider.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface SmsProvider {
  send(mobile: string, code: string): Promise<void>;
}

export class LogSmsProvider implements SmsProvider {
  private readonly sent = new Map<string, string>();
  constructor(private readonly log: () => FastifyBaseLogger) {}

  async send(mobile: string, code: string): Promise<void> {
    this.sent.set(mobile, code);
    this.log().info(`SMS to ${mobile}: ${code}`);
  }

  /** The last code sent to a number by this process (tests read it as a phone would). */
  last(mobile: string): string | undefined {
    return this.sent.get(mobile);
  }
}
