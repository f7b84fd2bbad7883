// Typed errors thrown by services. The one error handler (http/error-handler.ts) maps them to a
// status and the message a user reads; nothing else in the server decides a status for an error.
import { messages } from '#shared/messages';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string, code = 'bad_request') {
    super(400, code, message);
  }
}

export class Unauthorized extends AppError {
  constructor(message: string = messages.generic.unauthorized, code = 'unauthorized') {
    super(401, code, message);
  }
}

export class Forbidden extends AppError {
  constructor(message: string, code = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFound extends AppError {
  constructor(message: string = messages.generic.notFound, code = 'not_found') {
    super(404, code, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, code: string) {
    super(409, code, message);
  }
}

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', messages.generic.rateLimited);
  }
}

export class ServiceUnavailable extends AppError {
  constructor(
    message: string = messages.generic.unavailable,
    code = 'unavailable',
    options?: ErrorOptions,
  ) {
    super(503, code, message, options);
  }
}

export class InvalidCredentials extends Unauthorized {
  constructor() {
    super(messages.login.invalidCredentials, 'invalid_credentials');
  }
}

export class EmailInUse extends Conflict {
  constructor() {
    super(messages.signup.emailInUse, 'email_in_use');
  }
}
