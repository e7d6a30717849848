/** What a modal its parent opens is given: whether it shows, and how it closes. */
export interface ModalProps {
  opened: boolean;
  onClose: () => void;
}
