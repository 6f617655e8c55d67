export { DataTable, type Column, type DataTableProps } from './data-table.tsx';
export { Pager, type PagerProps } from './pager.tsx';
export { StatusBadge, type BadgeTone, type StatusBadgeProps } from './status-badge.tsx';
export { Modal, type ModalProps } from './modal.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';
export { ReasonDialog, type ReasonDialogProps } from './reason-dialog.tsx';
export { ImageViewer, type ImageViewerProps } from './image-viewer.tsx';
export { FiltersBar, Field, type FiltersBarProps, type FieldProps } from './filters-bar.tsx';
export { errorText, opsErrorText, toastError, toastSuccess } from './errors.ts';
export {
  FormFeedback,
  DialogActions,
  ModalForm,
  type FormFeedbackProps,
  type DialogActionsProps,
  type ModalFormProps,
} from './modal-form.tsx';
