import { errorCodes, errorMessages, type ErrorCode } from '@heartline/domain';

/** An error the client may see: a stable code, a user-facing message and an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(
    message: string = errorMessages.badRequest,
    /** Per-field messages, so a form can show each next to its input. */
    readonly fields?: Record<string, string>,
  ) {
    super(errorCodes.validation, message, 400);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = errorMessages.unauthorized) {
    super(errorCodes.unauthorized, message, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(errorCodes.forbidden, message, 403);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = errorMessages.notFound) {
    super(errorCodes.notFound, message, 404);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(errorCodes.conflict, message, 409);
  }
}

/** Something that existed and no longer works (a deactivated, expired or used-up invitation). */
export class GoneError extends AppError {
  constructor(message: string) {
    super(errorCodes.gone, message, 410);
  }
}

export class AuthFailedError extends AppError {
  constructor(message: string) {
    super(errorCodes.authFailed, message, 401);
  }
}

export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(errorCodes.rateLimited, message, 429);
  }
}
