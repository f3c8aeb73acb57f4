/** Transportation (placeholder until its issue lands). */
export { TransportationPage } from './transportation-page';
