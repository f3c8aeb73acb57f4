/** A confirmation on the shared Modal: focus goes to Cancel, so Enter never deletes by accident. */
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';

export function ConfirmDialog({
  open,
  message,
  confirmLabel = 'Delete',
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Please confirm"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-slate-800">{message}</p>
    </Modal>
  );
}
