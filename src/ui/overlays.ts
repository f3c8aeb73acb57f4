/** The kit's modal (Headless UI) and tabs, kept apart so light screens do not load them. */
export { Modal, type ModalProps } from './modal';
export { Tabs, type TabItem } from './tabs';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
