/** The privacy policy text: 16 numbered sections (spec §2). */
export interface PolicySection {
  id: string;
  title: string;
  paragraphs: string[];
}

export const PRIVACY_LAST_UPDATED = 'October 3, 2025';

export const privacySections: PolicySection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    paragraphs: [
      'This policy explains how Lockstep (“we”, “us”) collects, uses and protects personal information when organizations and their people use the Lockstep web application, mobile-installed app and website.',
      'Lockstep serves organizations such as school districts and colleges (“customers”). Each customer decides who may use its portal and what is recorded there.',
    ],
  },
  {
    id: 'roles',
    title: 'Who is responsible for your data',
    paragraphs: [
      'For information recorded inside an organization’s portal (door checks, incidents, users, transportation records), that organization is the controller and we process the information on its behalf and on its instructions.',
      'For our website, sales contacts and the accounts of our own staff, we are the controller.',
    ],
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    paragraphs: [
      'Account information: name, work email address, phone number, department and role, provided by you or your organization’s administrator.',
      'Operational records: door checks and their notes, door conditions, maintenance records, incidents, vehicles, drivers, routes and parking records, each with the account that made it and when.',
      'Support and sales messages you send us.',
    ],
  },
  {
    id: 'automatic-information',
    title: 'Information collected automatically',
    paragraphs: [
      'Technical information needed to run the service: sign-in times, device and browser type, IP address and error reports. The app stores your session and records you create on your device so it can work without a connection.',
      'We do not use advertising cookies or sell browsing information.',
    ],
  },
  {
    id: 'how-we-use',
    title: 'How we use information',
    paragraphs: [
      'To provide the service: signing you in, keeping records, syncing work recorded offline, showing dashboards and reports to the people your organization authorizes.',
      'To keep the service secure, to fix problems, to answer support requests and to meet legal obligations. We do not use customer records to train models or for marketing.',
    ],
  },
  {
    id: 'legal-bases',
    title: 'Legal bases',
    paragraphs: [
      'Where the law requires a legal basis, we rely on the performance of our contract with your organization, our legitimate interest in operating a secure service, compliance with legal obligations and, where required, consent.',
    ],
  },
  {
    id: 'sharing',
    title: 'How information is shared',
    paragraphs: [
      'Within your organization, according to the roles your administrators assign.',
      'With service providers that host and operate Lockstep under written agreements that limit their use of the data. We do not sell personal information.',
      'When the law requires it, or to protect the safety of people or the security of the service.',
    ],
  },
  {
    id: 'support-access',
    title: 'Support access by our staff',
    paragraphs: [
      'Our staff can enter an organization’s portal only to provide support, after authenticating again and stating a reason. Every such session is recorded in an audit log the organization can see.',
    ],
  },
  {
    id: 'retention',
    title: 'Retention',
    paragraphs: [
      'Records are kept for as long as your organization keeps its subscription or its own retention settings require. Door logs are append-only while they are kept. After a subscription ends, customer data is deleted within 90 days unless the law requires us to keep it longer.',
    ],
  },
  {
    id: 'security',
    title: 'Security',
    paragraphs: [
      'Each organization’s data lives in its own isolated database protected by row-level security by role. Data is encrypted in transit, service keys never reach browsers, and passwords must meet a strong rule. No system is perfectly secure; we tell affected customers promptly about any breach.',
    ],
  },
  {
    id: 'offline-storage',
    title: 'Data stored on your device',
    paragraphs: [
      'To work offline, the app keeps your session and a copy of the records you need on your device until they are synced. Signing out removes your session from the device. Clearing the site’s data in your browser removes everything, including unsynced work.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    paragraphs: [
      'Depending on where you live, you may have the right to access, correct, delete or export your personal information, or to object to its use. For records held in an organization’s portal, please contact that organization first; we will help it respond.',
    ],
  },
  {
    id: 'children',
    title: 'Children’s information',
    paragraphs: [
      'Lockstep is meant for staff of organizations, not for children. We limit the personal data of users under 16: such users may only be given accounts by their organization, only the data needed for the service (such as a name and a bus or parking assignment) may be recorded about them, and it is never used for any other purpose.',
      'If you believe we hold information about a child under 16 that was provided without proper authority, contact us and we will delete it.',
    ],
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    paragraphs: [
      'Where information is processed outside the country where it was collected, we use safeguards required by applicable law, such as standard contractual clauses.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    paragraphs: [
      'We may update this policy. We will post the new version here with a new “last updated” date and, for material changes, tell customers in advance.',
    ],
  },
  {
    id: 'contact-us',
    title: 'Contact us',
    paragraphs: ['Questions or requests about privacy: privacy@lockstep.app, or use the Contact page.'],
  },
];
