/** Public site: landing, features, support, privacy, contact and placeholders. */
export { LandingPage } from './pages/landing-page';
export { FeaturesPage } from './pages/features-page';
export { SupportPage } from './pages/support-page';
export { PrivacyPage } from './pages/privacy-page';
export { ContactPage } from './pages/contact-page';
export { UnderConstructionPage } from './pages/under-construction-page';
export { NotFoundPage } from './pages/not-found-page';
