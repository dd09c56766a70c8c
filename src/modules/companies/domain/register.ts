/**
 * The Companies House public data API's resources, as far as this module reads them (field names as the API
 * spells them), and the register as the company check sees it, whichever source it came from (the API or the
 * bulk products). Pure types: no I/O.
 */

export interface ChAddress {
  care_of?: string;
  po_box?: string;
  premises?: string;
  address_line_1?: string;
  address_line_2?: string;
  locality?: string;
  region?: string;
  postal_code?: string;
  country?: string;
}

/** GET /company/{company_number} */
export interface ChCompanyProfile {
  company_name: string;
  company_number: string;
  company_status?: string;
  company_status_detail?: string;
  type?: string;
  jurisdiction?: string;
  date_of_creation?: string;
  date_of_cessation?: string;
  registered_office_address?: ChAddress;
  registered_office_is_in_dispute?: boolean;
  undeliverable_registered_office_address?: boolean;
  sic_codes?: string[];
  accounts?: { next_due?: string; next_made_up_to?: string; overdue?: boolean; last_accounts?: { made_up_to?: string } };
  confirmation_statement?: { next_due?: string; next_made_up_to?: string; last_made_up_to?: string; overdue?: boolean };
  previous_company_names?: Array<{ name: string; effective_from?: string; ceased_on?: string }>;
  has_insolvency_history?: boolean;
  has_been_liquidated?: boolean;
}

export interface ChPartialDate {
  month?: number;
  year?: number;
}

/** One item of GET /company/{company_number}/officers */
export interface ChOfficer {
  name: string;
  officer_role: string;
  appointed_on?: string;
  resigned_on?: string;
  date_of_birth?: ChPartialDate;
  nationality?: string;
  occupation?: string;
  country_of_residence?: string;
  address?: ChAddress;
  identification?: ChIdentification;
  links?: { self?: string; officer?: { appointments?: string } };
}

export interface ChIdentification {
  legal_authority?: string;
  legal_form?: string;
  place_registered?: string;
  country_registered?: string;
  registration_number?: string;
}

/** One item of GET /company/{company_number}/persons-with-significant-control (and a line's `data` in the PSC snapshot). */
export interface ChPsc {
  kind: string;
  name?: string;
  name_elements?: { title?: string; forename?: string; middle_name?: string; surname?: string };
  date_of_birth?: ChPartialDate;
  nationality?: string;
  country_of_residence?: string;
  address?: ChAddress;
  natures_of_control?: string[];
  notified_on?: string;
  ceased_on?: string;
  ceased?: boolean;
  identification?: ChIdentification;
  links?: { self?: string };
  etag?: string;
}

export interface ChList<T> {
  items?: T[];
  items_per_page?: number;
  start_index?: number;
  total_results?: number;
  active_count?: number;
}

/** What one source knows of one company: the profile, and the officers and PSCs where it has them (null: not available). */
export interface RegisterExtract {
  profile: ChCompanyProfile;
  officers: ChOfficer[] | null;
  pscs: ChPsc[] | null;
}

/** Where the register is read from: the Companies House API, or the imported bulk products. */
export interface RegisterSource {
  name: 'companies_house_api' | 'companies_house_bulk';
  /** The company, its officers and its PSCs; null when the register has no company with that number. */
  company(number: string): Promise<RegisterExtract | null>;
}
