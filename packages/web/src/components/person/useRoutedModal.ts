import { useNavigate, useParams } from 'react-router';
import { toast } from '../../notify/toast';
import { useIdParam } from '../../routing/useIdParam';

/** A form modal opened by its own route (`…/new`, `…/:id/edit`) over the list it returns to. */
export function useRoutedModal(listRoute: string) {
  const editing = useParams().id !== undefined;
  const id = useIdParam();
  const navigate = useNavigate();
  const close = () => navigate(listRoute);
  return {
    editing,
    /** The record to load: none when adding. */
    editId: editing ? id : null,
    /** The route names an id that is not one: the page shows Not found. */
    badId: editing && id === null,
    close,
    /** After a save: the toast, then back to the list. */
    saved: (message: string) => {
      toast.success(message);
      close();
    },
  };
}
