import {
  DEFAULT_THRESHOLDS,
  effectiveThresholds,
  TEMPLATE_MESSAGES,
  templateDeleteBlock,
  type AlertAttribute,
  type TemplateCreate,
  type TemplateUpdate,
} from '@evfleet/domain';
import type { Queryable } from '../../../db/client.js';
import { fieldErrors, notFound, refused } from '../../../http/errors.js';
import { templatesRepository as repo } from './templates.repository.js';

/** A save names the whole template: an absent setting is cleared, like its image. */
const batterySettings = (input: TemplateCreate) => ({
  ratedCapacityKwh: input.ratedCapacityKwh ?? null,
  cellSpreadWarnMv: input.cellSpreadWarnMv ?? null,
});

const checkFile = async (q: Queryable, fileId: number | undefined) => {
  if (fileId !== undefined && !(await repo.fileExists(q, fileId)))
    throw fieldErrors('vehicleTemplate', { fileId: 'The image does not exist.' });
};

/** A template that may change: it exists and is not a default one. */
const changeable = async (tx: Queryable, id: number) => {
  const current = await repo.lock(tx, id);
  if (!current) throw notFound('The template');
  if (current.defaultTemplate) throw refused(TEMPLATE_MESSAGES.defaultLocked, 'defaulttemplate');
  return current;
};

/** A template's former image goes when nothing else shows it. */
const releaseFile = async (tx: Queryable, fileId: number | null, templateId: number) => {
  if (fileId !== null && !(await repo.fileInUse(tx, fileId, templateId))) await repo.deleteFile(tx, fileId);
};

/** The writes of the templates' calls, each in the caller's transaction. */
export const templateWrites = {
  async insert(tx: Queryable, input: TemplateCreate) {
    await checkFile(tx, input.fileId);
    return repo.insert(tx, {
      name: input.name,
      description: input.description,
      fileId: input.fileId ?? null,
      attributes: input.attributes ?? [...DEFAULT_THRESHOLDS],
      ...batterySettings(input),
    });
  },

  /** Absent attributes keep the current ones. */
  async update(tx: Queryable, input: TemplateUpdate) {
    const current = await changeable(tx, input.id);
    await checkFile(tx, input.fileId);
    const fileId = input.fileId ?? null;
    await repo.update(tx, input.id, {
      name: input.name,
      description: input.description,
      fileId,
      ...batterySettings(input),
      ...(input.attributes ? { attributes: input.attributes } : {}),
    });
    if (current.fileId !== fileId) await releaseFile(tx, current.fileId, input.id);
  },

  /** Vehicles using it keep its thresholds as their own (the delete block asks for `force` first). */
  async remove(tx: Queryable, id: number, force: boolean) {
    const current = await changeable(tx, id);
    const block = templateDeleteBlock({ name: current.name, inUse: (await repo.users(tx, id)).length > 0 }, force);
    if (block) throw refused(block.message, block.key);
    await repo.release(tx, id, effectiveThresholds({ template: current.attributes }));
    await repo.delete(tx, id);
    await releaseFile(tx, current.fileId, id);
  },

  /** The template's thresholds changed by `change`; returns them. */
  async changeThresholds(tx: Queryable, id: number, change: (current: readonly AlertAttribute[]) => AlertAttribute[]) {
    const current = await changeable(tx, id);
    const next = change(effectiveThresholds({ template: current.attributes }));
    await repo.update(tx, id, { attributes: next });
    return next;
  },
};
