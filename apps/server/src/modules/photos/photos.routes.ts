import multipart from '@fastify/multipart';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import * as z from 'zod/mini';
import {
  PHOTO_MAX_BYTES,
  dataUrlUploadSchema,
  errorMessages,
  photoMessages,
  photoOrderSchema,
  type Photo,
  type UploadResponse,
} from '@heartline/domain';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import type { RateLimitRule, RateLimits } from '../../plugins/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import { canReplacePhoto } from './photos.policy.ts';
import { decodeDataUrl } from './photos.input.ts';
import { PhotoProcessorBusyError } from './photos.processing.ts';
import { presentUploadFailure, presentUploadSuccess } from './photos.presenter.ts';
import type { PhotosService } from './photos.service.ts';

export const photoUploadRateLimit: RateLimitRule = {
  name: 'photo-upload',
  points: 30,
  durationSec: 10 * 60,
  message: (seconds) => photoMessages.tooManyUploads(Math.ceil(seconds / 60)),
};

/**
 * A 10 MB file as base64 is 4/3 as long; the slack covers the data URL head, the user id and
 * JSON punctuation. The decoded size is checked exactly, so 10 MB + 1 byte gets the spec's
 * message rather than a generic "body too large".
 */
const DATA_URL_BODY_LIMIT = Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 64 * 1024;

const uuidSchema = z.uuid();

/**
 * Upload failures answer in the upload shape `{ success, url, error }` with a 4xx status,
 * including failures raised before the handler (session, origin, body size, multipart limits).
 */
function uploadErrorHandler(
  this: FastifyInstance,
  err: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, message] = uploadFailure(err);
  if (status >= 500) request.log.error({ err }, 'photo upload failed');
  if (err instanceof RateLimitError || err instanceof PhotoProcessorBusyError) {
    reply.header('retry-after', String(err.retryAfterSeconds));
  }
  void reply.status(status).send(presentUploadFailure(message));
}

/** Fastify and multipart refusals meaning "this request did not carry one usable file". */
const NOT_ONE_FILE = new Set([
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
]);

function uploadFailure(err: FastifyError | AppError): [number, string] {
  if (err instanceof AppError) return [err.statusCode, err.message];
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (NOT_ONE_FILE.has(err.code)) return [400, photoMessages.invalidFile];
  // The file while streaming (multipart) or the whole body (JSON) passed the size limit.
  if (status === 413) return [413, photoMessages.tooLarge];
  if (status >= 400 && status < 500) return [status, errorMessages.badRequest];
  return [500, photoMessages.uploadFailed];
}

/** Reads the single `file` part of a multipart form into memory, at most PHOTO_MAX_BYTES. */
async function readFilePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationError(photoMessages.invalidFile);
  let file: Buffer | undefined;
  // The whole form is read before anything is processed: a request cut off before its final
  // boundary fails here, so an interrupted upload never reaches storage.
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname === 'file' && !file) file = await part.toBuffer();
    else part.file.resume();
  }
  if (!file) throw new ValidationError(photoMessages.invalidFile);
  return file;
}

export function registerPhotosRoutes(
  app: FastifyInstance,
  deps: { photos: PhotosService; limits: RateLimits },
) {
  /**
   * Before the body is read: only signed-in users, and not too often. Callback style because
   * Fastify's route-level onRequest option is typed for it.
   */
  const guard = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    try {
      const { userId } = requireSession(request);
      deps.limits.consume(photoUploadRateLimit, userId).then(() => done(), done);
    } catch (err) {
      done(err as Error);
    }
  };

  app.get('/api/me/photo', async (request): Promise<Photo | null> => {
    const { userId } = requireSession(request);
    return deps.photos.getCurrentPhoto(userId);
  });

  // Several photos (issue 48): the list, main first; deleting one; a new order.
  app.get('/api/me/photos', async (request): Promise<Photo[]> => {
    const { userId } = requireSession(request);
    return deps.photos.listPhotos(userId);
  });

  app.delete<{ Params: { photoId: string } }>(
    '/api/me/photos/:photoId',
    async (request): Promise<Photo[]> => {
      const { userId } = requireSession(request);
      const { photoId } = request.params;
      if (!uuidSchema.safeParse(photoId).success) {
        throw new NotFoundError(photoMessages.photoNotFound);
      }
      return deps.photos.deletePhoto(userId, photoId);
    },
  );

  app.put('/api/me/photos/order', async (request): Promise<Photo[]> => {
    const { userId } = requireSession(request);
    const { ids } = parseInput(photoOrderSchema, request.body);
    return deps.photos.reorderPhotos(userId, ids);
  });

  // spec/1 §7: JSON with a data URL, for the camera screen and the background selfie queue.
  app.post(
    '/api/upload-profile-photo',
    { bodyLimit: DATA_URL_BODY_LIMIT, onRequest: guard, errorHandler: uploadErrorHandler },
    async (request): Promise<UploadResponse> => {
      const session = requireSession(request);
      if (
        typeof request.body !== 'object' ||
        request.body === null ||
        Array.isArray(request.body)
      ) {
        throw new ValidationError(photoMessages.invalidFile);
      }
      const input = parseInput(dataUrlUploadSchema, request.body);
      if (!uuidSchema.safeParse(input.userId).success) {
        throw new ValidationError(photoMessages.invalidUserId);
      }
      if (!canReplacePhoto(session.userId, input.userId)) {
        throw new ForbiddenError(photoMessages.notYourPhoto);
      }
      const bytes = decodeDataUrl(input.fileData);
      return presentUploadSuccess(await deps.photos.replaceProfilePhoto(input.userId, bytes));
    },
  );

  // Multipart streaming upload: an oversized file is refused while it streams in.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
    });
    scope.post(
      '/api/photos',
      { onRequest: guard, errorHandler: uploadErrorHandler },
      async (request): Promise<UploadResponse> => {
        const { userId } = requireSession(request);
        const bytes = await readFilePart(request);
        return presentUploadSuccess(await deps.photos.replaceProfilePhoto(userId, bytes));
      },
    );
    // Another photo after the others (issue 48); the 7th is refused with 409.
    scope.post(
      '/api/me/photos',
      { onRequest: guard, errorHandler: uploadErrorHandler },
      async (request): Promise<UploadResponse> => {
        const { userId } = requireSession(request);
        const bytes = await readFilePart(request);
        return presentUploadSuccess(await deps.photos.addPhoto(userId, bytes));
      },
    );
  });
}
