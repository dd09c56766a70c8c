import type { Sql } from './db/db.ts';

/**
 * What happened, as the webhook payload describes it (DESIGN.md: thin, no personal data). Modules record an
 * event inside the transaction of the change that causes it (transactional outbox); delivery happens later.
 */
export interface DomainEvent {
  clientId: string;
  event:
    | 'ENTITY_UPDATED'
    | 'REPORT_INITIATED'
    | 'REPORT_READY'
    | 'REPORT_ERROR'
    | 'REPORT_CREDIT_LIMIT_EXCEEDED'
    | 'REPORT_IN_REVIEW'
    | 'REPORT_REVIEW_COMPLETED';
  entity: 'ACCOUNT' | 'CONTACT';
  reportType?: 'ONBOARDING' | 'AML' | 'COMPANY';
  accountId: string;
  contactId?: string;
  reportId?: string;
  revision?: string;
  /** Codes saying why (no personal data): a company check's ENTITY_UPDATED names the register's changes (ADR 0151). */
  reasons?: string[];
}

export interface EventRecorder {
  /** Writes the event with `tx`: it exists exactly when the surrounding transaction commits. */
  record(tx: Sql, event: DomainEvent): Promise<void>;
}
