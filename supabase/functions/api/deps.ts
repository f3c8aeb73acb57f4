/** What the product API needs from its host (the local stack or an Edge Function). */
export interface ApiDeps {
  platformUrl: string;
  platformAnonKey: string;
  platformServiceKey: string;
  /** How the API reaches the projects: in process locally, the network when hosted. */
  fetch: typeof fetch;
}
