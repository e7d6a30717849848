import multipart from '@fastify/multipart';
import { fileSchema, MAX_IMAGE_BYTES, optionalId, PEOPLE_WRITERS } from '@evfleet/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../auth/guard.js';
import { fieldErrors } from '../../http/errors.js';
import { tooLarge, type FilesService, type Upload } from './files.service.js';

/** Reads the multipart body: the `file` part and an optional `id` of the file to replace, in any order. */
async function readUpload(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart())
    throw fieldErrors('request', { file: 'Send the image as multipart/form-data in a field named file.' });
  let upload: Partial<Upload> = {};
  let replace: unknown;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') upload = { bytes, filename: part.filename };
      } else if (part.fieldname === 'id') replace = part.value;
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!upload.bytes) throw fieldErrors('request', { file: 'A file is required.' });
  const id = optionalId.safeParse(replace);
  if (!id.success) throw fieldErrors('request', { id: 'must be a number' });
  return { bytes: upload.bytes, filename: upload.filename, replaceId: id.data };
}

/** POST api/file/upload (part 1 §7): the driver photo. */
export const filesRoutes =
  (service: FilesService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });

    app.post(
      '/api/file/upload',
      { config: { access: PEOPLE_WRITERS.drivers }, schema: { response: { 200: fileSchema } } },
      async (req) => service.upload(caller(req), await readUpload(req)),
    );
  };
