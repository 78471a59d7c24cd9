export { LandingPage } from './components/landing-page';
export { LegalPage } from './components/legal-page';
