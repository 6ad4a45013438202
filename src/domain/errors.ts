/**
 * Domain errors carry what went wrong in words the APIs can show as they are; the REST
 * and GraphQL layers each turn them into their wire format in one place.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
}

/** A request that cannot be answered in the resource's present state (captions of a transcript still processing). */
export class BadRequest extends DomainError {
  readonly status = 400;
  readonly code = 'BAD_REQUEST';
}

export class Unauthorized extends DomainError {
  readonly status = 401;
  readonly code = 'UNAUTHENTICATED';
  constructor() {
    super('Invalid API key');
  }
}

export class Forbidden extends DomainError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
  constructor() {
    super('Access denied');
  }
}

export class NotFound extends DomainError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
}

export class Conflict extends DomainError {
  readonly status = 409;
  readonly code = 'CONFLICT';
}

export class PayloadTooLarge extends DomainError {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';
}

export class UnsupportedMedia extends DomainError {
  readonly status = 415;
  readonly code = 'UNSUPPORTED_MEDIA';
}

/** An invalid parameter; `errors` maps each parameter to its messages (the /v2 shape needs them all). */
export class Invalid extends DomainError {
  readonly status = 422;
  readonly code = 'BAD_USER_INPUT';
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }

  static param(param: string, message: string): Invalid {
    return new Invalid(`${param}: ${message}`, { [param]: [message] });
  }
}

/** Audio or a document that the engines cannot read. */
export class Unreadable extends DomainError {
  readonly status = 422;
  readonly code = 'UNREADABLE_INPUT';
}

export class RateLimited extends DomainError {
  readonly status = 429;
  readonly code = 'RATE_LIMITED';
  constructor(readonly retryAfterSeconds: number) {
    super('Rate limit exceeded');
  }
}

/** A caller holds as many live subscriptions as a limit allows; the message names the limit. */
export class TooManySubscriptions extends DomainError {
  readonly status = 429;
  readonly code = 'SUBSCRIPTION_LIMIT';
}

/**
 * A backing service (Redis, the object storage) cannot be reached, or a tool the work needs is
 * not installed; the client should come back later. The message says which, when it is known.
 */
export class ServiceUnavailable extends DomainError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor(
    readonly retryAfterSeconds = 5,
    message = 'Service temporarily unavailable',
  ) {
    super(message);
  }
}

/** The service's own disk is full: nothing of the request was kept, and the same request may succeed once space is freed. */
export class InsufficientStorage extends DomainError {
  readonly status = 507;
  readonly code = 'INSUFFICIENT_STORAGE';
  constructor() {
    super("The service's disk is full; try again later");
  }
}
