/**
 * The demo organizations and accounts `npm start` seeds (supabase/local/seed.ts),
 * listed here once so the CLI can print them and the docs can quote them.
 * Every demo account has the same password.
 */
export const DEMO_PASSWORD = 'Lockstep-demo1!';

export interface DemoTenant {
  slug: string;
  companyName: string;
  displayName: string;
  description: string;
  emailDomain: string;
  /** The tenant's seed file in supabase/tenant/. */
  seedFile: string;
  features: { feature_name: 'security_core' | 'transportation' | 'student_parking'; enabled: boolean }[];
  /** Seats on the plan; the licence's max_seats follows it. */
  seats: number;
  planName: string;
}

export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    slug: 'lincoln-isd',
    companyName: 'Lincoln Independent School District',
    displayName: 'Lincoln ISD',
    description: 'K-12 district in Lincoln, Texas: Lincoln High School and Lincoln Middle School.',
    emailDomain: 'lincoln-isd.test',
    seedFile: 'seed.sql',
    features: [
      { feature_name: 'security_core', enabled: true },
      { feature_name: 'transportation', enabled: true },
      { feature_name: 'student_parking', enabled: true },
    ],
    seats: 150,
    planName: 'Professional',
  },
  {
    slug: 'riverside-college',
    companyName: 'Riverside Community College',
    displayName: 'Riverside College',
    description: 'Two-year college on the river: one campus, security only.',
    emailDomain: 'riverside.test',
    seedFile: 'seed-riverside-college.sql',
    features: [
      { feature_name: 'security_core', enabled: true },
      { feature_name: 'student_parking', enabled: true },
    ],
    seats: 40,
    planName: 'Basic',
  },
];

export type DemoRole =
  'staff_admin' | 'staff' | 'former_staff' | 'super_admin' | 'security_admin' | 'transportation_admin' | 'office_staff' | 'regular_user';

export interface DemoAccount {
  email: string;
  /** 'platform' for provider staff, else the tenant's slug. */
  where: 'platform' | string;
  role: DemoRole;
  firstName: string;
  lastName: string;
  /** Signs in to the change-password screen first. */
  requirePasswordChange?: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@lockstep.test', where: 'platform', role: 'staff_admin', firstName: 'Avery', lastName: 'Admin' },
  { email: 'staff@lockstep.test', where: 'platform', role: 'staff', firstName: 'Sam', lastName: 'Support' },
  // A platform sign-in with no Staff row (someone who left): /dashboard shows Access Denied.
  { email: 'former@lockstep.test', where: 'platform', role: 'former_staff', firstName: 'Robin', lastName: 'Left' },
  { email: 'super@lincoln-isd.test', where: 'lincoln-isd', role: 'super_admin', firstName: 'Maria', lastName: 'Gonzalez' },
  { email: 'security@lincoln-isd.test', where: 'lincoln-isd', role: 'security_admin', firstName: 'James', lastName: 'Carter' },
  { email: 'transport@lincoln-isd.test', where: 'lincoln-isd', role: 'transportation_admin', firstName: 'Linda', lastName: 'Nguyen' },
  { email: 'office@lincoln-isd.test', where: 'lincoln-isd', role: 'office_staff', firstName: 'Patricia', lastName: 'Moore' },
  { email: 'officer@lincoln-isd.test', where: 'lincoln-isd', role: 'regular_user', firstName: 'Daniel', lastName: 'Reyes' },
  // A bus driver who signs in: linked to the bus_drivers row that drives route R1 on Bus 1 (decision 024).
  { email: 'driver@lincoln-isd.test', where: 'lincoln-isd', role: 'regular_user', firstName: 'Robert', lastName: 'Alvarez' },
  {
    email: 'newhire@lincoln-isd.test',
    where: 'lincoln-isd',
    role: 'regular_user',
    firstName: 'Jordan',
    lastName: 'Kim',
    requirePasswordChange: true,
  },
  { email: 'super@riverside.test', where: 'riverside-college', role: 'super_admin', firstName: 'Helen', lastName: 'Brooks' },
  { email: 'officer@riverside.test', where: 'riverside-college', role: 'regular_user', firstName: 'Marcus', lastName: 'Hill' },
];

/** Demo licence keys (16 characters, four groups of four); only their hashes are stored. */
export const DEMO_LICENCE_KEYS: Readonly<Record<string, string>> = {
  'lincoln-isd': 'LNCN-7Q4D-M2XK-9H3T',
  'riverside-college': 'RVSD-K8P2-W5NB-4J7C',
};
