/** Student parking (placeholder until its issue lands). */
export { StudentParkingPage } from './student-parking-page';
