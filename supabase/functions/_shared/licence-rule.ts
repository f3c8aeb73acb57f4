/**
 * The licence rule at sign-in (docs/decisions/018): a tenant that requires a
 * licence and holds no active one signs nobody in. The local stack answers a
 * password grant with this GoTrue-shaped error; the app shows the message.
 */
export const LICENCE_INACTIVE_CODE = 'license_inactive';
export const LICENCE_INACTIVE_MESSAGE =
  "This organization's licence is not active, so no one can sign in. Please contact your administrator.";
