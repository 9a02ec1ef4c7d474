/** The error every failed platform call rejects with (no HTTP library needed to check it). */
export class ApiError extends Error {
  readonly code: number | undefined;
  readonly body: unknown;
  readonly httpStatus: number | undefined;
  constructor(message: string, code: number | undefined, body: unknown, httpStatus?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.body = body;
    this.httpStatus = httpStatus;
  }
}
