/**
 * The request log without secrets. The platform's client sends sign-in and account
 * parameters in the query string (`password`, `smsCaptcha`, `newPassword`, captcha answers,
 * reset codes), and Fastify logs each request's URL: every logged URL has the values of such
 * parameters replaced, and headers, bodies and cookies that carry credentials are censored
 * wherever a log line carries them.
 */
import type { FastifyServerOptions } from 'fastify';

/** What a secret's value is replaced with in the log. */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are secrets, by name (any case): passwords, captcha answers
 * and keys, SMS and reset codes, tokens, secrets.
 */
const SECRET_PARAMETER = /pass|pwd|captcha|secret|token|otp|^code$|resetcode|smscode|verif|credential|signature/i;

/** The URL with the value of every secret query parameter replaced by REDACTED. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const [path, query] = [url.slice(0, q), url.slice(q + 1)];
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // a name that does not decode cannot be checked: drop its value
      return `${rawName}=${REDACTED}`;
    }
    return eq >= 0 && SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : part;
  });
  return `${path}?${parts.join('&')}`;
}

/** Paths (pino redact) of credentials a log line may carry besides the URL. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-auth-token"]',
  'req.body',
  'req.query',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body',
  'query',
];

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The options of the server's logger: level, destination, and the redaction. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // Fastify's own request serializer, with the URL's secrets replaced
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
