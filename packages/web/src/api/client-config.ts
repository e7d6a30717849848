import { z } from 'zod';

/**
 * Client overrides read from /content/config.json at start (part 1 §7). A deployment edits that
 * file instead of rebuilding; a missing or broken file simply means "no overrides".
 */
const clientConfigSchema = z.object({
  /** Where the API lives when it is not the page's own origin. */
  apiBaseUrl: z.string().optional(),
  /** An identity provider's sign-out address; the logout page sends the browser there. */
  logoutUrl: z.string().optional(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

let loading: Promise<ClientConfig> | undefined;

async function load(): Promise<ClientConfig> {
  try {
    const response = await fetch('/content/config.json', { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return {};
    const parsed = clientConfigSchema.safeParse(await response.json());
    if (!parsed.success) console.warn('Ignoring /content/config.json:', parsed.error.message);
    return parsed.success ? parsed.data : {};
  } catch (error) {
    console.warn('No client configuration override:', error);
    return {};
  }
}

/** Fetched once; every API call waits for it so an overridden base URL applies from the first call. */
export function clientConfig(): Promise<ClientConfig> {
  loading ??= load();
  return loading;
}
