/** The exact texts of spec §5 and §8 used by the security administration screens. */
export const MSG = {
  // Campus
  campusNameRequired: 'Campus name is required',
  campusAddressRequired: 'Address is required',
  addressFirst: 'Please enter an address first',
  campusUpdated: 'Campus updated successfully!',
  campusCreated: 'Campus created successfully!',
  campusSaveError: (m: string) => `Error saving campus: ${m}. Please check the console for details.`,
  campusNote: 'Campus table display temporarily removed',
  // Doors
  doorPreviewNeeds: 'Please enter a door number and select a campus first',
  doorRequired: 'Door number and campus are required',
  selectImage: 'Please select an image file',
  logoTooBig: 'File size must be less than 2MB',
  qrTooBig: 'File size must be less than 5MB',
  qrImageOneDoor: 'An uploaded QR image belongs to one door: remove it to create a range, or create this door on its own.',
  qrImageStale: (door: string, campus: string) =>
    `The uploaded QR image encodes door ${door}${campus ? ` at ${campus}` : ''}, so it no longer matches this door. Remove it, or confirm that you want to keep it.`,
  qrImageKeep: 'Keep the uploaded QR image anyway',
  doorDeleteConfirm: 'Are you sure you want to delete this door? This action cannot be undone.',
  doorCreated: 'Door created successfully!',
  doorsCreated: (n: number) => `Successfully created ${n} doors`,
  doorUpdated: 'Door updated successfully!',
  doorDeleted: 'Door deleted successfully!',
  doorSaveError: (m: string) => `Error saving door: ${m}. Please check the console for details.`,
  doorDeleteError: (m: string) => `Error deleting door: ${m}. Please check the console for details.`,
  // Incidents
  incidentRequired: 'Title and description are required',
  incidentDeleteConfirm: 'Are you sure you want to delete this incident? This action cannot be undone.',
  incidentCreated: 'Incident created successfully!',
  savedWithoutPhotos: 'Saved, but its photos are not: this device is out of storage space.',
  incidentUpdated: 'Incident updated successfully!',
  incidentDeleted: 'Incident deleted successfully!',
  incidentSaveError: 'Error saving incident. Please try again.',
  incidentDeleteError: 'Error deleting incident. Please try again.',
  incidentsEmpty: 'No incidents found matching your criteria.',
  // Users
  userRequired: 'Email, first name, and last name are required',
  userPasswordRequired: 'Password is required for new users',
  userPasswordHint: 'Minimum 8 characters with uppercase, number, and special character',
  userCreateRefused: 'New user creation requires password setup. Please use the main user management system.',
  userDeleteConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
  userUpdated: 'User updated successfully!',
  userDeleted: 'User deleted successfully!',
  userSaveError: 'Error saving user. Please try again.',
  userDeleteError: 'Error deleting user. Please try again.',
  // Conditions
  conditionFieldsRequired: 'Please fill in door number and condition description',
  doorNotFound: 'Door not found. Please make sure the door number is correct.',
  // Not in the spec: a door number that repeats across campuses needs its campus (issue 13 §3).
  doorOnSeveralCampuses: (door: string, campuses: readonly string[]) =>
    `Door ${door} is on more than one campus (${campuses.join(', ')}). Please select its campus.`,
  defaultRequired: 'Please enter a default condition',
  conditionUpdated: 'Condition updated successfully!',
  conditionReset: 'Condition reset to default successfully!',
  conditionUpdateError: 'Error updating condition. Please try again.',
  conditionAdded: 'Condition added successfully! The door condition has been saved to the database.',
  conditionAddError: (m: string) => `Error adding condition: ${m}`,
  conditionDeleted: 'Condition deleted successfully! Door will now use the default condition.',
  conditionDeleteError: 'Error deleting condition. Please try again.',
  defaultSaveError: 'Error saving default condition. Please try again.',
  globalDefaultSaved: 'Default condition saved. This will apply to all doors unless overridden.',
  campusDefaultSaved: 'Default condition saved. This will apply to doors in this campus unless overridden.',
  conditionDeleteConfirm: (door: string) =>
    `Are you sure you want to delete the condition for door ${door}? This will reset it to use the default condition.`,
  // Reports
  noDataToExport: 'No data to export',
  // Permissions
  notAllowed: 'Your role cannot make this change.',
  savedLocally: 'Saved on this device; it syncs when the connection allows. A change the server refuses shows under "needs attention".',
} as const;

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
