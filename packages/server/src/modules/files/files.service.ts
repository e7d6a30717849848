import { fillText, MAX_IMAGE_BYTES, UPLOAD_TEXTS } from '@evfleet/domain';
import { type Scope, allowedScope } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { forbidden, HttpError, notFound, refused } from '../../http/errors.js';
import { driversRepository as drivers } from '../drivers/index.js';
import { acceptedName, imageContentType, NOT_AN_IMAGE } from './image-type.js';
import { filesRepository as files } from './files.repository.js';

export interface Upload {
  bytes: Buffer;
  filename?: string;
  /** The file to replace, when given. */
  replaceId?: number;
}

export const tooLarge = () =>
  new HttpError(413, fillText(UPLOAD_TEXTS.imageTooLarge, { mb: MAX_IMAGE_BYTES / (1024 * 1024) }), { appError: true });

/** Driver photos (part 1 §2.4): images only, recognised by their bytes, at most MAX_IMAGE_BYTES. */
export function createFilesService({ db }: { db: Db }) {
  /** A driver's photo is replaced by those who manage the driver; a loose one by its uploader or an administrator. */
  const checkReplace = async (tx: Queryable, scope: Scope, by: AuthUser, id: number) => {
    const owner = await files.owner(tx, id);
    if (!owner) throw notFound('The file');
    if (owner.driverId !== null) {
      if (!(await drivers.lock(tx, scope, owner.driverId))) throw forbidden();
    } else if (owner.uploadedBy !== by.id && !(scope.kind === 'all' && scope.admin)) throw forbidden();
  };

  return {
    async upload(by: AuthUser, upload: Upload) {
      const scope = await allowedScope(db, by, 'admin', 'dealer', 'fleet');
      if (upload.bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
      const contentType = imageContentType(upload.bytes);
      if (!contentType || !acceptedName(upload.filename)) throw refused(NOT_AN_IMAGE, 'notanimage');
      const values = { bytes: upload.bytes, contentType, size: upload.bytes.length, uploadedBy: by.id };
      const id = await db.transaction(async (tx) => {
        if (upload.replaceId === undefined) return files.insert(tx, values);
        await checkReplace(tx, scope, by, upload.replaceId);
        await files.replace(tx, upload.replaceId, values);
        return upload.replaceId;
      });
      return { id, data: upload.bytes.toString('base64') };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
