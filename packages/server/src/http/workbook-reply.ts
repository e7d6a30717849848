import type { FastifyReply } from 'fastify';
import { XLSX_TYPE } from '../lib/xlsx-writer/xlsx-stream.js';

/** A workbook sent as a download named `fileName` (plain ASCII: the names are the server's own). */
export const sendWorkbook = (reply: FastifyReply, fileName: string, workbook: Buffer) =>
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(workbook);
