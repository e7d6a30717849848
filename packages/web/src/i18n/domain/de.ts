/** The domain package's English texts (their own keys, see `en.ts`) in German. */
export const de: Record<string, string> = {};
