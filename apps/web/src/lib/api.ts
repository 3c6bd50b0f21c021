import { errorMessages, readErrorBody } from '@heartline/domain';

/**
 * A failed API call: `code` is the server's stable error code, `status` the HTTP status
 * (0 = network), `fields` the per-field messages of a validation failure.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields: Readonly<Record<string, string>>;

  constructor(code: string, message: string, status: number, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

export const NETWORK_ERROR = 'NETWORK_ERROR';

/** Any schema with zod's safeParse shape (the domain package owns zod). */
export type Schema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

/**
 * A schema from a zod-free reader of the domain package (`readPublicConfig` and the like), for
 * answers read before the schema library has loaded.
 */
export function readerSchema<T>(read: (value: unknown) => T | null): Schema<T> {
  return {
    safeParse(value) {
      const data = read(value);
      return data === null ? { success: false } : { success: true, data };
    },
  };
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
};

/**
 * Calls the same-origin API. Responses are validated with the domain schema when one is given,
 * so a contract drift surfaces as an ApiError instead of undefined fields deep in a screen.
 */
export async function apiRequest<T>(
  path: string,
  schema: Schema<T>,
  options?: RequestOptions,
): Promise<T>;
export async function apiRequest(
  path: string,
  schema?: undefined,
  options?: RequestOptions,
): Promise<unknown>;
export async function apiRequest(
  path: string,
  schema?: Schema<unknown>,
  options: RequestOptions = {},
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR, errorMessages.internal, 0);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const error = readErrorBody(payload);
    if (error) throw new ApiError(error.code, error.message, response.status, error.fields);
    throw new ApiError('HTTP_' + response.status, errorMessages.internal, response.status);
  }
  if (!schema) return payload;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError('BAD_RESPONSE', errorMessages.internal, response.status);
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/** Server and network failures are worth one retry; a 4xx answer will not change. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return true;
}
