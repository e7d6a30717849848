import { toast } from '../../notify/toast';

/**
 * Runs a confirmed delete: on success the toast, then `after` (back to the list); on a refusal the
 * dialog stays open to retry or cancel, since the HTTP client has already shown the server's message.
 */
export async function deleteThen(remove: () => Promise<unknown>, deleted: string, after: () => void): Promise<void> {
  try {
    await remove();
    toast.success(deleted);
    after();
  } catch {
    // the HTTP client has already shown the server's message
  }
}
