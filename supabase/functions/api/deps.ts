/** What the product API needs from its host (the local stack or an Edge Function). */
import type { ProvisioningConfig } from './provisioning/types';

export interface ApiDeps {
  platformUrl: string;
  platformAnonKey: string;
  platformServiceKey: string;
  /** How the API reaches the projects: in process locally, the network when hosted. */
  fetch: typeof fetch;
  /** Which driver creates tenant projects (docs/decisions/018); 'none' refuses provisioning with a 503. */
  provisioning: ProvisioningConfig;
  /**
   * The API's clock (default: the system's). Support sessions take their
   * start, expiry and re-authentication lock from it, so a test can move it.
   */
  now?: () => Date;
}

/** The API's time: deps.now when given, else the system clock. */
export const apiNow = (deps: ApiDeps): Date => deps.now?.() ?? new Date();
