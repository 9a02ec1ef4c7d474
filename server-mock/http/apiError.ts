/**
 * Errors that become a platform envelope: HTTP status plus {status, code, message, errors?}.
 * Throw these from handlers; anything else becomes a 500 with a generic message.
 */
/**
 * A field error of a 400/409 answer. Errors of a record (its schema, x-notBefore, unique sets,
 * references, tree shape) carry the validator's `keyword` and `params` (as Fastify's structured
 * validation errors do), which clients translate; `message` is the English text for clients that
 * read only it.
 */
export interface FieldError {
  field: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message: string;
}

/** Platform codes that make the console ask the user to sign in again. */
export const TOKEN_ILLEGAL = 50008;
export const TOKEN_ELSEWHERE = 50012;
export const TOKEN_EXPIRED = 50014;

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly status: number;
  readonly errors?: FieldError[];
  constructor(httpStatus: number, message: string, options: { status?: number; errors?: FieldError[] } = {}) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.status = options.status ?? httpStatus;
    this.errors = options.errors;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new ApiError(400, message, { errors });
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, errors?: FieldError[]) => new ApiError(409, message, { errors });
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, message);
export const unauthorized = (status: number, message: string) => new ApiError(401, message, { status });
export const tooManyRequests = (message: string) => new ApiError(429, message);
