export interface FieldError {
  path: string;
  message: string;
}

/**
 * The one error type domain code throws. `code` is stable for clients; `message` is written for
 * the person using the app, because the web client shows it as is.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: string;
  readonly statusCode: number;
  readonly errors: FieldError[];

  constructor(code: string, message: string, statusCode = 400, errors: FieldError[] = []) {
    super(message);
    this.code = code;
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', message, 404);
export const conflict = (code: string, message: string) => new AppError(code, message, 409);
export const unprocessable = (code: string, message: string) => new AppError(code, message, 422);
