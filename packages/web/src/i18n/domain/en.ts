/**
 * The domain package writes some texts people read in English and hands them over at run time
 * (a schema's validation message, a signal's name): they are their own keys, so English needs no
 * entry and German maps each English text to its own (`domain/de.ts`).
 */
export const en: Record<string, string> = {};
