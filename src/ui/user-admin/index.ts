/** User management dialogs and rules shared by the staff's panel and a tenant super admin's screen. */
export type { CreatedUser, CreateUserAnswer, UserAdminApi } from './api';
export { AddUserDialog } from './add-user-dialog';
export { DeactivateUserDialog } from './deactivate-user-dialog';
export { EditUserDialog } from './edit-user-dialog';
export { ResetPasswordDialog } from './reset-password-dialog';
export { ActionNotices, DepartmentSelect, FailureText, PhoneField, RoleSelect } from './fields';
export * from './model';
export { EditResetButtons, UsersNotices, type UsersNotice } from './row-buttons';
