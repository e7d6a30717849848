import { toast } from '../../notify/toast';

/**
 * Runs a confirmed delete: on success the toast, then `after` (back to the list); on a refusal it
 * answers false and leaves the dialog to its caller, since the HTTP client has already shown the
 * server's message.
 */
export async function deleteThen(remove: () => Promise<unknown>, deleted: string, after: () => void): Promise<boolean> {
  try {
    await remove();
  } catch {
    return false; // the HTTP client has already shown the server's message
  }
  toast.success(deleted);
  after();
  return true;
}
