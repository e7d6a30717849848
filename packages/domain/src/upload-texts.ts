/**
 * What a refused upload says (driver photos, threshold spreadsheets): the server refuses with these
 * sentences and the web shows them in the reader's language (text-templates.ts).
 */
export const UPLOAD_TEXTS = {
  imageTooLarge: 'The image is larger than {{mb}} MB.',
  notAnImage: 'Only images can be uploaded ({{types}}).',
  sheetTooLarge: 'The spreadsheet is larger than {{mb}} MB.',
  notASheet: 'Only {{types}} spreadsheets can be uploaded.',
  unreadableXlsx: 'The file is not a readable xlsx spreadsheet.',
  noSheet: 'The spreadsheet has no sheet.',
  sheetEntries: 'The spreadsheet has more than {{count}} parts inside it.',
  sheetEntryBytes: 'A part of the spreadsheet is larger than {{mb}} MB unpacked.',
  sheetTotalBytes: 'The spreadsheet is larger than {{mb}} MB unpacked.',
  sheetRows: 'The spreadsheet has more than {{count}} rows.',
  sheetElements: 'The spreadsheet has more than {{count}} cells and other elements.',
  /** After the first few of a sheet's errors: how many were not told. */
  moreErrors: '({{count}} more)',
};
