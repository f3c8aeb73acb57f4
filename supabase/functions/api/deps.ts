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
}
