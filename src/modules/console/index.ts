/**
 * The console's server side (issue 10): a JSON API under /console/api/* for the pages, and the built bundle at
 * /console/*. Its routes are public to the API's bearer hook and carry their own guard: a staff session cookie,
 * CSRF on state-changing requests, and the role's permission (session.ts).
 */
import type { Db } from '../../platform/db/db.ts';
import type { App } from '../../platform/http/app.ts';
import type { Throttle } from '../../platform/http/rate-limit/throttle.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { AmlService } from '../aml/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { ClientsService } from '../auth/index.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { CreditsService } from '../credits/index.ts';
import type { MailService } from '../mail/index.ts';
import type { Embedding, OnboardingService } from '../onboarding/index.ts';
import type { ScreeningService } from '../screening/index.ts';
import type { StaffService } from '../staff/index.ts';
import type { WebhooksService } from '../webhooks/index.ts';
import { registerConsoleAuditRoutes } from './audit.routes.ts';
import { registerConsoleAuthRoutes } from './auth.routes.ts';
import { registerConsoleCompanyRoutes } from './company.routes.ts';
import { registerConsoleOnboardingRoutes } from './onboarding.routes.ts';
import { registerConsolePages } from './pages.routes.ts';
import { registerConsoleReviewRoutes } from './review.routes.ts';
import { registerConsoleSettingsRoutes } from './settings.routes.ts';
import type { SecondReview } from './second-review.ts';

export { CONSOLE_DIST } from './pages.routes.ts';
export { createSecondReview, type SecondReview } from './second-review.ts';

/** Branding is set here (settings) and read by the hosted pages. */
export { readBranding } from '../onboarding/index.ts';

/** What the console is given (service.ts passes its services; this module does not import the composition root). */
export interface ConsoleDeps {
  config: { publicUrl: string };
  db: Db;
  staff: StaffService;
  accounts: AccountsService;
  aml: AmlService;
  companies: CompaniesService;
  screening: ScreeningService;
  credits: CreditsService;
  audit: AuditService;
  webhooks: WebhooksService;
  clients: ClientsService;
  onboarding: { onboarding: OnboardingService; mail: MailService; files: FileStore; embedding: Embedding };
}

export function registerConsole(app: App, s: ConsoleDeps, throttle: Throttle, secondReview: SecondReview) {
  const base = { staff: s.staff, publicUrl: s.config.publicUrl };
  registerConsoleAuthRoutes(app, { ...base, throttle });
  registerConsoleReviewRoutes(app, { ...base, secondReview, db: s.db, accounts: s.accounts, aml: s.aml, onboarding: s.onboarding.onboarding, screening: s.screening, credits: s.credits, audit: s.audit });
  registerConsoleSettingsRoutes(app, { ...base, db: s.db, webhooks: s.webhooks, clients: s.clients, credits: s.credits, screening: s.screening, mail: s.onboarding.mail, embedding: s.onboarding.embedding, audit: s.audit });
  registerConsoleOnboardingRoutes(app, { ...base, secondReview, db: s.db, onboarding: s.onboarding.onboarding, files: s.onboarding.files, audit: s.audit });
  registerConsoleAuditRoutes(app, { ...base, audit: s.audit });
  registerConsoleCompanyRoutes(app, { ...base, companies: s.companies, audit: s.audit });
  registerConsolePages(app, { publicUrl: s.config.publicUrl });
}
