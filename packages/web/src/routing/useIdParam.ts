import { useParams } from 'react-router';

/** The numeric :id of the route, or null when it is not a positive whole number. */
export function useIdParam(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}
