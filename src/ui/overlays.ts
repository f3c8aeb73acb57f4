/** Headless UI based pieces of the kit (kept apart so light screens do not load Headless UI). */
export { Modal, type ModalProps } from './modal';
export { Tabs, type TabItem } from './tabs';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
