/** Platform sign-in: the /login page and the staff-admin gate master pages use. */
export { PlatformLoginPage } from './pages/platform-login-page';
export { StaffGate } from './components/staff-gate';
