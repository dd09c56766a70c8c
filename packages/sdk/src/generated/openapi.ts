// Generated from the service's OpenAPI document by packages/sdk/scripts/generate.ts. Do not edit.
/* eslint-disable */
export interface paths {
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public keys that verify access tokens */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            keys: ({
                                alg: string;
                                kid: string;
                                kty: string;
                                use: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List accounts, oldest first, a page at a time */
        get: {
            parameters: {
                query?: {
                    /** @description next_cursor from the previous page */
                    cursor?: string;
                    limit?: number;
                    type?: "INDIVIDUAL" | "COMPANY";
                };
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Account"][];
                            /** @description null on the last page */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Create an account with its primary contact (endpoint 1) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        primary_contact: {
                            date_of_birth?: string | null;
                            driving_license_expiry_date?: string | null;
                            driving_license_number?: string | null;
                            email?: string | null;
                            first_name?: string | null;
                            last_name?: string | null;
                            metadata?: {
                                external_reference?: string | null;
                            } | null;
                            middle_name?: string | null;
                            passport_expiry_date?: string | null;
                            passport_number?: string | null;
                            phone?: string | null;
                            primary_address?: {
                                city?: string | null;
                                country_code?: string | null;
                                postcode?: string | null;
                                street?: string | null;
                                /** @description `PRIMARY` */
                                type?: "PRIMARY" | "" | null;
                            } | null;
                        };
                        reg_number?: string | null;
                        type: "INDIVIDUAL" | "COMPANY";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Account"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an account with its portal state (endpoint 11) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description account id */
                    accountId: string;
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Account"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete an account, its contacts and their reports */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description ETag of the record; the write fails with 412 if it changed */
                    "if-match"?: string;
                };
                path: {
                    /** @description account id */
                    accountId: string;
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change an account; enable or disable the client portal (endpoint 10) */
        patch: {
            parameters: {
                query?: never;
                header?: {
                    /** @description ETag of the record; the write fails with 412 if it changed */
                    "if-match"?: string;
                };
                path: {
                    /** @description account id */
                    accountId: string;
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        client_onboarding?: {
                            /** @description `true` enables (or refreshes) the client portal link; `false` disables it */
                            share_progress: boolean;
                        };
                        name?: string;
                        reg_number?: string | null;
                        type?: "INDIVIDUAL" | "COMPANY";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Account"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an account's contacts */
        get: {
            parameters: {
                query?: {
                    /** @description next_cursor from the previous page */
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description account id */
                    accountId: string;
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Contact"][];
                            /** @description null on the last page */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Add a contact to an account (endpoint 2) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description account id */
                    accountId: string;
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        date_of_birth?: string | null;
                        driving_license_expiry_date?: string | null;
                        driving_license_number?: string | null;
                        email?: string | null;
                        first_name?: string | null;
                        last_name?: string | null;
                        metadata?: {
                            external_reference?: string | null;
                        } | null;
                        middle_name?: string | null;
                        passport_expiry_date?: string | null;
                        passport_number?: string | null;
                        phone?: string | null;
                        primary_address?: {
                            city?: string | null;
                            country_code?: string | null;
                            postcode?: string | null;
                            street?: string | null;
                            /** @description `PRIMARY` */
                            type?: "PRIMARY" | "" | null;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Contact"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/contacts/{contactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a contact (endpoint 3) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description account id */
                    accountId: string;
                    /** @description your client id */
                    clientId: string;
                    /** @description contact id */
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Contact"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Replace a contact: omitted fields are cleared (endpoint 4) */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description ETag of the record; the write fails with 412 if it changed */
                    "if-match"?: string;
                };
                path: {
                    /** @description account id */
                    accountId: string;
                    /** @description your client id */
                    clientId: string;
                    /** @description contact id */
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description read-only */
                        account_id?: string;
                        /** @description read-only */
                        client_id?: string;
                        /** @description read-only */
                        created_at?: string;
                        date_of_birth?: string | null;
                        driving_license_expiry_date?: string | null;
                        driving_license_number?: string | null;
                        email?: string | null;
                        first_name?: string | null;
                        /** @description read-only; must match the path if sent */
                        id?: string;
                        last_name?: string | null;
                        metadata?: {
                            external_reference?: string | null;
                        } | null;
                        middle_name?: string | null;
                        passport_expiry_date?: string | null;
                        passport_number?: string | null;
                        phone?: string | null;
                        primary_address?: {
                            city?: string | null;
                            country_code?: string | null;
                            postcode?: string | null;
                            street?: string | null;
                            /** @description `PRIMARY` */
                            type?: "PRIMARY" | "" | null;
                        } | null;
                        /** @description read-only; use If-Match for concurrency control */
                        revision?: string;
                        /** @description `PRIMARY` makes this the account's primary contact */
                        type?: "PRIMARY" | "ADDITIONAL";
                        /** @description read-only */
                        updated_at?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Contact"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a contact and its reports (not the primary contact) */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description ETag of the record; the write fails with 412 if it changed */
                    "if-match"?: string;
                };
                path: {
                    /** @description account id */
                    accountId: string;
                    /** @description your client id */
                    clientId: string;
                    /** @description contact id */
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/aml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the AML report (endpoint 8) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AmlReport"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /**
         * Trigger an AML check: identity verification plus PEP and sanctions screening (endpoint 7)
         * @description Asynchronous: answers 202 with the report in status INITIAL (or CREDIT_BALANCE_EXCEEDED); REPORT_READY follows by webhook. The contact needs full name, date of birth and address (422 lists what is missing).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        config: {
                            /**
                             * @description Re-run the check before the result expires
                             * @default false
                             */
                            is_automatic_refresh_enabled?: boolean;
                            /**
                             * @description How long the result stays valid (1-3650, default 365)
                             * @default 365
                             */
                            ttl_in_days?: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AmlReport"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/aml/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a manual review: PASS or FAIL, and each potential match dismissed or confirmed
         * @description When the client asks for a second reviewer on ALERT results (console settings), a review of an ALERT is answered 202: a proposal that another person approves in the console.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        decision: "PASS" | "FAIL";
                        /** @description Per potential match: dismissed as a false positive or confirmed */
                        matches?: {
                            entity_id: string;
                            /** @description Why, for this match (remembered with it); the review's notes otherwise */
                            notes?: string;
                            status: "MATCH_DISMISSED" | "MATCH_CONFIRMED";
                        }[];
                        notes?: string;
                        pep_matches?: "MATCH_DISMISSED" | "MATCH_CONFIRMED" | "NO_MATCH";
                        sanctions_matches?: "MATCH_DISMISSED" | "MATCH_CONFIRMED" | "NO_MATCH";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AmlReport"];
                    };
                };
                /** @description The client asks for a second reviewer on ALERT results: the review is a proposal until another person with the review permission approves it in the console */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            pending_approval: true;
                            proposal: {
                                proposal_id: string;
                                proposal_revision: number;
                                /** @description api:<credential> for a proposal made through the API */
                                proposed_by: string;
                            };
                            report: components["schemas"]["AmlReport"];
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the onboarding report (endpoint 6) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OnboardingReport"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /**
         * Trigger the onboarding report: the contact is asked for what the parameters name (endpoint 5)
         * @description Answers 202 with the report in status INITIAL (or CREDIT_BALANCE_EXCEEDED) and data.onboarding_url. A new request replaces the previous link. Needs the contact's e-mail (422) and, unless suppress_invitation_mail is "true", the client's e-mail connection (422 naming the setting).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        config: {
                            /**
                             * @description Send a new request to the contact before the verification expires
                             * @default false
                             */
                            is_automatic_refresh_enabled?: boolean;
                            parameters: {
                                /** @description ID document, selfie and a biometric match with an active liveness challenge; default "false" */
                                face_match?: "true" | "false";
                                /** @description As face_match, performed on the contact's phone (hand-over by QR code); default "false" */
                                face_match_mobile?: "true" | "false";
                                /**
                                 * Format: uri
                                 * @description Where the contact is sent after completing
                                 */
                                frontend_redirect_url?: string;
                                /** @description Collect 12 months of address history; default "false" */
                                home_address_history?: "true" | "false";
                                /** @description Ask for an ID document (passport or driving licence); default "false" */
                                idscan?: "true" | "false";
                                /** @description Collect legal names history; default "false" */
                                legal_names_history?: "true" | "false";
                                /** @description Ask for the home address; default "false" */
                                personal_details?: "true" | "false";
                                /** @description Ask for a proof-of-address document; default "false" */
                                proof_of_address?: "true" | "false";
                                /** @description Ask for an additional proof-of-identity document; default "false" */
                                proof_of_identity?: "true" | "false";
                                /** @description Ask for a selfie without a biometric check; default "false" */
                                selfie?: "true" | "false";
                                /** @description "false": the service e-mails the link (needs an e-mail connection); "true": read data.onboarding_url; default "false" */
                                suppress_invitation_mail?: "true" | "false";
                                /** @description Collect a preferred e-mail address; default "false" */
                                unique_email?: "true" | "false";
                            };
                            /**
                             * @description How long the verification stays valid (1-3650, default 365)
                             * @default 365
                             */
                            ttl_in_days?: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OnboardingReport"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/onboarding/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invitation e-mails of this contact: queued, sent or failed (with the SMTP reason) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attempts: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description sent for the link in force */
                                current: boolean;
                                id: string;
                                last_error: string | null;
                                sent_at: string | null;
                                /** @description QUEUED, SENT or FAILED */
                                status: string;
                            }[];
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/onboarding/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a manual review of a READY onboarding report (review.status COMPLETE, review.decision)
         * @description When the client asks for a second reviewer on ALERT results (console settings), a review of a document ALERT is answered 202: a proposal that another person approves in the console.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The reviewer's decision on the verification */
                        decision: "PASSED" | "FAILED";
                        notes?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OnboardingReport"];
                    };
                };
                /** @description The client asks for a second reviewer on ALERT results: the review is a proposal until another person with the review permission approves it in the console */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            pending_approval: true;
                            proposal: {
                                proposal_id: string;
                                proposal_revision: number;
                                /** @description api:<credential> for a proposal made through the API */
                                proposed_by: string;
                            };
                            report: components["schemas"]["OnboardingReport"];
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/portal/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Enhanced Portal Insights: each contact's tasks, their status and times, and their own link (needs X-Partner-Api-Key) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description the partner API key from `kyc partners create` */
                    "x-partner-api-key"?: string;
                };
                path: {
                    /** @description account id */
                    accountId: string;
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalInsights"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/reports/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the company check: the company, its officers and PSCs, the discrepancies, the decision */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CompanyReport"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /**
         * Check the account's company against Companies House (KYB)
         * @description For a COMPANY account with a UK registration number (`reg_number`). Asynchronous: answers 202 with the report in status INITIAL; REPORT_READY (and REPORT_IN_REVIEW for REFER or ALERT) follow by webhook, entity ACCOUNT, report_type COMPANY. A check also starts when a COMPANY account is created with a registration number, and monitoring refreshes it (ENTITY_UPDATED when the register changed; `data.changes` says what). The decision: ALERT when the company is dissolved, struck off or being struck off, or in liquidation; REFER on a name that does not match, overdue accounts or confirmation statement, an insolvency process, a PSC on the register that is not a contact, or a potential screening match of an officer or PSC.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CompanyReport"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/accounts/{accountId}/reports/company/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add the register's officers and PSCs as contacts of the account, with their role
         * @description Each person becomes an ADDITIONAL contact (name and correspondence address from the register); their role, nature of control and month and year of birth are kept as the contact's Companies House identity source. People already contacts are listed, not added twice.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Register person ids (`data.officers[].id`, `data.pscs[].id`) to add; absent: every current individual officer and PSC not yet a contact */
                        person_ids?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            added: {
                                contact_id: string;
                                person_id: string;
                                role: string;
                            }[];
                            already_contacts: {
                                contact_id: string;
                                person_id: string;
                            }[];
                            report: components["schemas"]["CompanyReport"];
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                451: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credit balance, prices and history (newest last) */
        get: {
            parameters: {
                query?: {
                    /** @description next_cursor from the previous page */
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            balance: number;
                            data: {
                                amount: number;
                                balance_after: number;
                                created_at: string;
                                reason: string;
                                reference: string;
                            }[];
                            next_cursor: string | null;
                            prices: {
                                AML: number;
                                ONBOARDING: number;
                            };
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/embedding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which sites may embed the hosted verification flow */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbedSettings"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Set the sites (origins) that may embed the hosted verification flow in a frame */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description https origins only, no path (http is accepted for localhost while developing); an empty list forbids framing */
                        allowed_origins: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbedSettings"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/erasure-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List erasure requests, oldest first */
        get: {
            parameters: {
                query?: {
                    /** @description next_cursor from the previous page */
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ErasureRequest"][];
                            /** @description null on the last page */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Ask for the erasure of a contact or a whole account: processing stops at once, deletion follows when retention allows */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the account; with no contact_id, the whole account and all its contacts */
                        account_id: string;
                        contact_id?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErasureRequest"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/erasure-requests/{erasureId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an erasure request */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                    /** @description erasure request id */
                    erasureId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErasureRequest"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page through every event, oldest first: catch up after an outage by passing the last cursor */
        get: {
            parameters: {
                query?: {
                    account_id?: string;
                    /** @description next_cursor from the previous page */
                    cursor?: string;
                    event?: "ENTITY_UPDATED" | "REPORT_INITIATED" | "REPORT_READY" | "REPORT_ERROR" | "REPORT_CREDIT_LIMIT_EXCEEDED" | "REPORT_IN_REVIEW" | "REPORT_REVIEW_COMPLETED";
                    limit?: number;
                };
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Event"][];
                            /** @description null on the last page */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/retention-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How long records are kept after a relationship ends */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RetentionPolicy"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Set how long records are kept after a relationship ends (0 to 10 years) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description UK MLR 2017 reg. 40: 5 after the relationship ends, at most 10 in all; 0 deletes at once (a client with no such obligation) */
                        aml_records_years: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RetentionPolicy"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/screening/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The lists screening runs against, and how their last download went
         * @description Each loaded list with its version (content hash), entry count and load time; each download source (SCREENING_SOURCES) with the outcome of its last fetch, its last success, last change and last error. A source that fails keeps its previous version in use.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScreeningListsResponse"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/screening/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Screen a name against the sanctions and PEP lists (ad hoc)
         * @description Finds listed persons and entities under spelling variants, other scripts, reordered names, missing middle names, initials and typos. Every match is explained. Answers 503 when no list is loaded: the service never reports "No Match" against an empty list.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description your client id */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: country-code
                         * @description Country of residence (the address), ISO 3166-1 alpha-2: agrees when the listing names it, never counts against. Not a nationality
                         */
                        country?: string;
                        /** @description Date of birth YYYY-MM-DD, YYYY-MM or YYYY: evidence that orders matches; a near date (a day or a digit off, day and month swapped, the year one or two off) never hides a match */
                        dob?: string;
                        /** @description As an identity document states it */
                        gender?: "male" | "female";
                        /** @description Full name of the person or company, in any script and order ("PUTIN, Vladimir", "Владимир Путин") */
                        name: string;
                        /**
                         * Format: country-code
                         * @description Nationality as an identity document states it (MRZ, chip), ISO 3166-1 alpha-2
                         */
                        nationality?: string;
                        /** @description Name score at or above which a listed entry is a potential match, for every topic (default: per topic, domain/thresholds.ts: 0.83 for sanctions and PEPs) */
                        threshold?: number;
                        /** @description Screen against persons only, or against companies and other entities only */
                        type?: "person" | "company";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScreeningSearchResponse"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/settings/email-connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the e-mail connection (without the password) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            brand_name: string | null;
                            host: string;
                            password_set: boolean;
                            port: number;
                            revision: string;
                            sender_email: string;
                            sender_name: string | null;
                            tls: string;
                            username: string | null;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Set the e-mail connection (SMTP) used for invitation mail; the password is stored encrypted and never returned */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Shown in the invitation; default the sender name */
                        brand_name?: string;
                        host: string;
                        /** @description Stored encrypted; never returned */
                        password?: string;
                        port: number;
                        /** Format: email */
                        sender_email: string;
                        sender_name?: string;
                        /** @description implicit (port 465), starttls (required), or none (local relays only) */
                        tls: "implicit" | "starttls" | "none";
                        username?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            brand_name: string | null;
                            host: string;
                            password_set: boolean;
                            port: number;
                            revision: string;
                            sender_email: string;
                            sender_name: string | null;
                            tls: string;
                            username: string | null;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Remove the e-mail connection */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscriptions */
        get: {
            parameters: {
                query?: {
                    /** @description next_cursor from the previous page */
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Subscription"][];
                            /** @description null on the last page */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Subscribe to notifications (endpoint 9) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description http or https URL that receives the notifications */
                        callback_url: string;
                        config: {
                            /** @description Signing secret (Standard Webhooks). `whsec_` + base64, or any string of 16+ characters used as UTF-8 bytes. Omit it to have one generated and shown once. */
                            api_secret?: string;
                            entities: {
                                /** @description `CONTACT` for report events, `ACCOUNT` for ENTITY_UPDATED and the COMPANY report's events */
                                entity: "CONTACT" | "ACCOUNT";
                                events: ("REPORT_INITIATED" | "REPORT_READY" | "REPORT_ERROR" | "REPORT_CREDIT_LIMIT_EXCEEDED" | "REPORT_IN_REVIEW" | "REPORT_REVIEW_COMPLETED" | "ENTITY_UPDATED")[];
                                /** @description with entity CONTACT: ONBOARDING and/or AML; with entity ACCOUNT: COMPANY (the company check's report events), or none */
                                report_types?: ("ONBOARDING" | "AML" | "COMPANY")[];
                            }[];
                        };
                        /** @enum {string} */
                        type: "WEBHOOK";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/subscriptions/{subscriptionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a subscription (never its secret) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                    subscriptionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a subscription and its delivery log */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                    subscriptionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change the URL, events, secret, or pause a subscription */
        patch: {
            parameters: {
                query?: never;
                header?: {
                    "if-match"?: string;
                };
                path: {
                    clientId: string;
                    subscriptionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        callback_url?: string;
                        config?: {
                            /** @description Signing secret (Standard Webhooks). `whsec_` + base64, or any string of 16+ characters used as UTF-8 bytes. Omit it to have one generated and shown once. */
                            api_secret?: string;
                            entities?: {
                                /** @description `CONTACT` for report events, `ACCOUNT` for ENTITY_UPDATED and the COMPANY report's events */
                                entity: "CONTACT" | "ACCOUNT";
                                events: ("REPORT_INITIATED" | "REPORT_READY" | "REPORT_ERROR" | "REPORT_CREDIT_LIMIT_EXCEEDED" | "REPORT_IN_REVIEW" | "REPORT_REVIEW_COMPLETED" | "ENTITY_UPDATED")[];
                                /** @description with entity CONTACT: ONBOARDING and/or AML; with entity ACCOUNT: COMPANY (the company check's report events), or none */
                                report_types?: ("ONBOARDING" | "AML" | "COMPANY")[];
                            }[];
                        };
                        /** @description `false` pauses deliveries; events keep accumulating and go out when enabled again */
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/clients/{clientId}/subscriptions/{subscriptionId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery log: attempts, status codes, latency, next attempt */
        get: {
            parameters: {
                query?: {
                    /** @description next_cursor from the previous page */
                    cursor?: string;
                    limit?: number;
                    status?: "PENDING" | "DELIVERED" | "FAILED";
                };
                header?: never;
                path: {
                    clientId: string;
                    subscriptionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Delivery"][];
                            /** @description null on the last page */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/subscriptions/{subscriptionId}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with every attempt */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                    deliveryId: string;
                    subscriptionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Delivery"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/subscriptions/{subscriptionId}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send this event again (same webhook-id), starting a new series of attempts */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                    deliveryId: string;
                    subscriptionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Delivery"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/subscriptions/{subscriptionId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed PING now and report the answer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                    subscriptionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            delivered: boolean;
                            error: string | null;
                            latency_ms: number;
                            status_code: number | null;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Get an access token (OAuth 2.0 client credentials) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description JSON or application/x-www-form-urlencoded; credentials may instead come as HTTP Basic */
            requestBody: {
                content: {
                    "application/json": {
                        audience?: string;
                        client_id?: string;
                        client_secret?: string;
                        grant_type?: string;
                        scope?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            scope: string;
                            /** @enum {string} */
                            token_type: "Bearer";
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/{token}/view": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The portal page's data: the account, its branding, each contact's tasks and link */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The client portal behind a portal link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalView"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/personas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sandbox personas: what produces each outcome for a sandbox client */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            personas: {
                                /** @description Which report the persona drives */
                                check: string;
                                outcome: string;
                                /** @description What to put in the contact to get it */
                                trigger: string;
                            }[];
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/verify/{token}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: a scripted contact answers every step of this link through the real flow API and submits it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SubmitResult"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify/{token}/chip/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Active authentication challenge for the passport chip (mobile reader), and with DG14 a chip authentication session: single use, short-lived */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            /** @description optional: no body (or {}) asks for an active authentication challenge alone */
            requestBody?: {
                content: {
                    "application/json": {
                        chip_authentication?: {
                            /** @description DG14 as read from the chip, base64: the server takes the chip authentication key and protocol from it */
                            dg14: string;
                            /** @description the keyId of the ChipAuthenticationPublicKeyInfo to use, when DG14 holds several */
                            key_id?: number;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description 8 bytes, hex: the chip signs exactly these bytes (INTERNAL AUTHENTICATE) */
                            challenge: string;
                            chip_authentication?: {
                                /** @description to be sent to the chip as they are, in order, after chip authentication; their response APDUs go in the chip upload */
                                commands: string[];
                                /** @description the server's ephemeral public key (uncompressed EC point), for tag 91 (Set KAT) or 80 inside 7C (General Authenticate) */
                                ephemeral_public_key: string;
                                /** @description the chip key reference (tag 84), null when DG14 names none */
                                key_id: number | null;
                                /** @description e.g. CA-ECDH-AES-CBC-CMAC-128 */
                                name: string;
                                /** @description the ChipAuthenticationInfo OID the session runs (MSE:Set AT, tag 80) */
                                protocol: string;
                                /** @description 1: MSE:Set KAT; 2: MSE:Set AT then General Authenticate */
                                version: number;
                            };
                            /** Format: date-time */
                            expires_at: string;
                            ttl_seconds: number;
                        };
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify/{token}/flow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The flow behind a link: steps, answers so far, uploads with feedback */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The verification flow behind a link. Once submitted, only state, branding and redirect_url are filled: first_name is empty, steps, answers and uploads are empty. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FlowView"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify/{token}/liveness/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a liveness capture session: its nonce and random challenges are issued now, never before */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            /** @description {camera?: {label?, virtual?, settings?}}: what the page saw of its camera */
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A capture session: its nonce and challenges exist only from the moment the camera starts */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LivenessSession"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify/{token}/liveness/sessions/{session}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a capture session: the frames are analysed and the liveness decided */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description lvs_... from the session's start */
                    session: string;
                    token: string;
                };
                cookie?: never;
            };
            /** @description {nonce}: the session's nonce */
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LivenessOutcome"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify/{token}/liveness/sessions/{session}/frames": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One camera frame of the session (JPEG or PNG bytes), with the session's nonce; stamped on arrival */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description the session's nonce (403 without it) */
                    "x-liveness-nonce"?: string;
                    /** @description 0: looking straight; k: while the k-th challenge is shown */
                    "x-liveness-step"?: string;
                };
                path: {
                    /** @description lvs_... from the session's start */
                    session: string;
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/octet-stream": unknown;
                    "image/heic": unknown;
                    "image/heif": unknown;
                    "image/jpeg": unknown;
                    "image/png": unknown;
                    "image/webp": unknown;
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LivenessFrameResult"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify/{token}/steps/{step}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Save the answers of one step (personal details, unique e-mail, names history, address history) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    step: string;
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description The verification flow behind a link. Once submitted, only state, branding and redirect_url are filled: first_name is empty, steps, answers and uploads are empty. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FlowView"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify/{token}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Consent and submit: processing starts */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        consent: boolean;
                        language?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SubmitResult"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify/{token}/uploads/{slot}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload one photo or document (JPEG, PNG, HEIC where decodable, PDF for proofs); answers quality feedback */
        post: {
            parameters: {
                query?: {
                    /** @description document_front and document_back only: the kind chosen in the document step. Shapes the feedback alone (an identity card's front is judged by its portrait, its back by its MRZ); the document's type for the report is read from the images */
                    document?: "passport" | "driving_licence" | "identity_card";
                };
                header?: never;
                path: {
                    slot: string;
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": unknown;
                    "application/octet-stream": unknown;
                    "application/pdf": unknown;
                    "image/heic": unknown;
                    "image/heif": unknown;
                    "image/jpeg": unknown;
                    "image/png": unknown;
                    "image/webp": unknown;
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UploadResult"];
                    };
                };
                /** @description RFC 9457 problem details */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description RFC 9457 problem details */
                507: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Account: {
            client_id: string;
            client_onboarding: {
                /** @description `true` when the account has no outstanding ID verification requests */
                completed: boolean;
                expires_at: string | null;
                link: string | null;
                share_progress: boolean;
            };
            contacts_count: number;
            /** Format: date-time */
            created_at: string;
            id: string;
            name: string;
            primary_contact: components["schemas"]["Contact"];
            reg_number: string;
            revision: string;
            type: "INDIVIDUAL" | "COMPANY";
            /** Format: date-time */
            updated_at: string;
        };
        AmlReport: {
            account_id: string;
            client_id: string;
            config: {
                is_automatic_refresh_enabled: boolean;
                ttl_in_days: number;
            };
            contact_id: string;
            data: {
                decision: string | null;
                error: string | null;
                expires_at: string | null;
                identity: {
                    confirmed_name_address: string[];
                    confirmed_name_dob: string[];
                    gpg45?: {
                        /** @description The highest confidence reached (null: not even low) */
                        confidence: "LOW" | "MEDIUM" | "HIGH" | null;
                        /** @description Reason codes naming what the required level lacks */
                        missing_codes: string[];
                        /** @description The first GPG 45 identity profile met at that level (e.g. M1C) */
                        profile: string | null;
                        profiles_met: string[];
                        /** @description The client's required confidence */
                        required: "LOW" | "MEDIUM" | "HIGH";
                        required_met: boolean;
                        scores: {
                            activity_history: {
                                /** @description What would raise it */
                                raise: string[];
                                score: number;
                                /** @description The checks that gave the score */
                                why: string[];
                            };
                            evidence: {
                                /** @description document, proof_of_address, or source:<id> */
                                id: string;
                                label: string;
                                raise: string[];
                                strength: number;
                                validity: number;
                                why: string[];
                            }[];
                            identity_fraud: {
                                /** @description What would raise it */
                                raise: string[];
                                score: number;
                                /** @description The checks that gave the score */
                                why: string[];
                            };
                            verification: {
                                /** @description What would raise it */
                                raise: string[];
                                score: number;
                                /** @description The checks that gave the score */
                                why: string[];
                            };
                        };
                        /** @description The nearest profile of the required level (or of the next level up) and what it lacks */
                        to_raise: {
                            confidence: "LOW" | "MEDIUM" | "HIGH";
                            missing: string[];
                            profile: string;
                        } | null;
                        /** @description The GPG 45 version the scores and profiles follow */
                        version: string;
                    };
                    /** @description The contact's UK postcode: in the ONS Postcode Directory (LIVE), terminated, not in it, or not a UK postcode's format (without the directory: the format only) */
                    postcode?: "LIVE" | "TERMINATED" | "UNKNOWN" | "BAD_FORMAT";
                    sources: {
                        /** @description Months over which the source saw the identity active */
                        activity_months?: number;
                        deceased: boolean;
                        /** @description provider, register (the EIDV_REGISTERS test data, or companies_house), document or sandbox */
                        kind: string;
                        /** @description The source knows the identity as fraudulent or stolen */
                        known_fraud?: boolean;
                        name_address: boolean;
                        name_dob: boolean;
                        reasons: string[];
                        /** @description Declared by the customer's side (Companies House officers and PSCs): it corroborates, it is never one of the two independent sources nor in confirmed_name_dob / confirmed_name_address */
                        self_declared?: boolean;
                        source: string;
                    }[];
                } | null;
                last_decision_date: string | null;
                matches: {
                    /** @description The listed entity's content hash when screened; `delisted` once it left the lists */
                    entity_hash?: string;
                    entity_id: string;
                    kind: "PEP" | "SANCTIONS" | "OTHER";
                    list: string;
                    /** @description false: the entity is no longer in the loaded lists (a confirmed match delisted) */
                    listed?: boolean;
                    listed_name: string;
                    matched_name: string;
                    /** @description PEP matches only: role, category, current or former, and the relation explained */
                    pep?: {
                        /** @description Of the deciding position: domestic (PEP_DOMESTIC_COUNTRY), foreign, international_organisation; null when no position is published */
                        category: "domestic" | "foreign" | "international_organisation" | null;
                        /** @description When the last position ended (former only) */
                        ended_on: string | null;
                        /** @description e.g. "spouse of Jane Doe, Minister of Finance (GB), 2019-2023; former, left office 2023-06-30" */
                        explanation: string;
                        /** @description Former PEPs: 12 months after leaving office (regulation 35(9)); after it, a risk-based decision */
                        minimum_measures_until: string | null;
                        /** @description The PEP's positions (for an rca: the related PEP's) */
                        positions: {
                            category: "domestic" | "foreign" | "international_organisation" | null;
                            country: string | null;
                            end_date: string | null;
                            start_date: string | null;
                            status: "current" | "former" | "unknown";
                            title: string;
                        }[];
                        /** @description For an rca: the PEP it is related to */
                        relation: {
                            kind: "family" | "associate";
                            pep_entity_id: string;
                            pep_name: string;
                            /** @description As published, e.g. spouse, son, business partner */
                            relationship: string | null;
                        } | null;
                        /** @description pep: holds or held the public function; rca: a family member or known close associate of a PEP (MLR 2017 regulation 35) */
                        role: "pep" | "rca";
                        /** @description former: every published position has ended */
                        status: "current" | "former" | "unknown";
                    };
                    programs: string[];
                    reasons: string[];
                    review?: {
                        notes: string;
                        /** Format: date-time */
                        reviewed_at: string;
                        reviewed_by: string;
                        status: "MATCH_DISMISSED" | "MATCH_CONFIRMED";
                    } | null;
                    /** @description Why a remembered review was reopened: the listed entity changed, or a confirmed one was delisted */
                    review_change?: "DISMISSED_MATCH_CHANGED" | "CONFIRMED_MATCH_CHANGED" | "CONFIRMED_MATCH_DELISTED" | null;
                    /** @description PENDING until a person decides; a decision made on an earlier result is carried over while the listed entity is unchanged */
                    review_status: "PENDING" | "MATCH_DISMISSED" | "MATCH_CONFIRMED";
                    score: number;
                    screened_name?: {
                        name: string;
                        /** @description Which of the contact's names matched: their own, a legal or previous name given in the onboarding flow, or a name read from an identity document */
                        source: "CONTACT" | "LEGAL_NAME" | "PREVIOUS_NAME" | "DOCUMENT";
                    };
                    source_id: string;
                    source_url: string | null;
                    topics: string[];
                }[];
                pep_matches: string | null;
                reasons: string[];
                refreshed_at: string | null;
                /** Format: uri */
                report_link: string;
                /** Format: date-time */
                requested_at: string;
                sanctions_matches: string | null;
            };
            /** @description account id and contact id joined by -- */
            id: string;
            review: {
                decision?: "PASS" | "FAIL";
                /** @description false when a manual review exists (spec rule 4) */
                empty: boolean;
                notes?: string;
                pep_matches?: "MATCH_DISMISSED" | "MATCH_CONFIRMED" | "NO_MATCH";
                /** Format: date-time */
                reviewed_at?: string;
                reviewed_by?: string;
                sanctions_matches?: "MATCH_DISMISSED" | "MATCH_CONFIRMED" | "NO_MATCH";
                /** @enum {string} */
                status?: "COMPLETE";
            };
            revision: string;
            status: "INITIAL" | "READY" | "CREDIT_BALANCE_EXCEEDED" | "ERROR";
            /** @enum {string} */
            type: "AML";
        };
        CompanyReport: {
            account_id: string;
            client_id: string;
            data: {
                /** @description What monitoring saw change on the register, newest first (each also an ENTITY_UPDATED event) */
                changes: {
                    /** Format: date-time */
                    at: string;
                    changes: {
                        code: "STATUS_CHANGED" | "REGISTERED_OFFICE_CHANGED" | "NAME_CHANGED" | "NEW_OFFICER" | "OFFICER_LEFT" | "NEW_PSC" | "PSC_CEASED";
                        from?: string;
                        person_id?: string;
                        to?: string;
                    }[];
                }[];
                /** @description null: no company with this number on the register */
                company: {
                    accounts_next_due: string | null;
                    accounts_overdue: boolean;
                    ceased_on: string | null;
                    confirmation_statement_next_due: string | null;
                    confirmation_statement_overdue: boolean;
                    incorporated_on: string | null;
                    jurisdiction: string | null;
                    name: string;
                    number: string;
                    previous_names: string[];
                    registered_office: {
                        address_line_1?: string;
                        address_line_2?: string;
                        care_of?: string;
                        country?: string;
                        locality?: string;
                        po_box?: string;
                        postal_code?: string;
                        premises?: string;
                        region?: string;
                    } | null;
                    sic_codes: string[];
                    status: string | null;
                    status_detail: string | null;
                    type: string | null;
                } | null;
                company_number: string;
                decision: "PASS" | "REFER" | "ALERT" | null;
                /** @description What the caller gave against the register, for the firm's discrepancy report (MLR 2017 reg. 30A) */
                discrepancies: {
                    code: "CONTACT_NOT_ON_REGISTER" | "PSC_NOT_GIVEN" | "DATE_OF_BIRTH_DIFFERS";
                    contact_id: string | null;
                    person_id: string | null;
                    reason: string;
                }[];
                error: string | null;
                name_match: {
                    account: string;
                    registered: string;
                    result: "MATCH" | "FORM_DIFFERS" | "MISMATCH";
                } | null;
                officers: {
                    /** @description Correspondence address (officers) or service address (PSCs) */
                    address: {
                        address_line_1?: string;
                        address_line_2?: string;
                        care_of?: string;
                        country?: string;
                        locality?: string;
                        po_box?: string;
                        postal_code?: string;
                        premises?: string;
                        region?: string;
                    } | null;
                    appointed_on: string | null;
                    /** @description The company whose register names the person: the checked one, or a corporate PSC up the chain */
                    company_number: string;
                    /** @description The contact this person is on the account: added from the register, or a contact given with the same name */
                    contact_id: string | null;
                    country_of_residence: string | null;
                    /** @description 0: the checked company's register; n: the PSCs of a UK corporate PSC n levels up (COMPANIES_HOUSE_PSC_DEPTH) */
                    depth: number;
                    forename: string;
                    /** @description The register's link to the person: stable across refreshes; pass it to add the person as a contact */
                    id: string;
                    identification: {
                        country_registered?: string;
                        legal_authority?: string;
                        legal_form?: string;
                        place_registered?: string;
                        registration_number?: string;
                    } | null;
                    /** @description false for corporate officers and PSCs, legal persons and super-secure PSCs */
                    individual: boolean;
                    kind: "OFFICER" | "PSC";
                    middle_names: string;
                    month_of_birth: number | null;
                    name: string;
                    nationality: string | null;
                    /** @description PSCs: `ownership-of-shares-75-to-100-percent`, `voting-rights-25-to-50-percent`, `right-to-appoint-and-remove-directors`, ... */
                    natures_of_control: string[];
                    /** @description Officer role as registered (`director`, `secretary`, `llp-member`, `llp-designated-member`, `corporate-director`, ...) or `psc` */
                    role: string;
                    screening: {
                        lists: string[];
                        potential_matches: number;
                    } | null;
                    surname: string;
                    year_of_birth: number | null;
                }[];
                /** @description false when the source has no officers (the free bulk products carry none) */
                officers_available: boolean;
                pscs: {
                    /** @description Correspondence address (officers) or service address (PSCs) */
                    address: {
                        address_line_1?: string;
                        address_line_2?: string;
                        care_of?: string;
                        country?: string;
                        locality?: string;
                        po_box?: string;
                        postal_code?: string;
                        premises?: string;
                        region?: string;
                    } | null;
                    appointed_on: string | null;
                    /** @description The company whose register names the person: the checked one, or a corporate PSC up the chain */
                    company_number: string;
                    /** @description The contact this person is on the account: added from the register, or a contact given with the same name */
                    contact_id: string | null;
                    country_of_residence: string | null;
                    /** @description 0: the checked company's register; n: the PSCs of a UK corporate PSC n levels up (COMPANIES_HOUSE_PSC_DEPTH) */
                    depth: number;
                    forename: string;
                    /** @description The register's link to the person: stable across refreshes; pass it to add the person as a contact */
                    id: string;
                    identification: {
                        country_registered?: string;
                        legal_authority?: string;
                        legal_form?: string;
                        place_registered?: string;
                        registration_number?: string;
                    } | null;
                    /** @description false for corporate officers and PSCs, legal persons and super-secure PSCs */
                    individual: boolean;
                    kind: "OFFICER" | "PSC";
                    middle_names: string;
                    month_of_birth: number | null;
                    name: string;
                    nationality: string | null;
                    /** @description PSCs: `ownership-of-shares-75-to-100-percent`, `voting-rights-25-to-50-percent`, `right-to-appoint-and-remove-directors`, ... */
                    natures_of_control: string[];
                    /** @description Officer role as registered (`director`, `secretary`, `llp-member`, `llp-designated-member`, `corporate-director`, ...) or `psc` */
                    role: string;
                    screening: {
                        lists: string[];
                        potential_matches: number;
                    } | null;
                    surname: string;
                    year_of_birth: number | null;
                }[];
                reasons: {
                    code: string;
                    message: string;
                    severity: "REFER" | "ALERT";
                }[];
                refreshed_at: string | null;
                /** Format: date-time */
                requested_at: string;
                source: "companies_house_api" | "companies_house_bulk" | null;
            };
            /** @description `{account_id}--company` */
            id: string;
            /** @description increases with every change; also the ETag */
            revision: string;
            status: "INITIAL" | "READY" | "ERROR";
            /** @enum {string} */
            type: "COMPANY";
        };
        Contact: {
            account_id: string;
            client_id: string;
            /** Format: date-time */
            created_at: string;
            date_of_birth: string;
            driving_license_expiry_date: string;
            driving_license_number: string;
            email: string;
            first_name: string;
            id: string;
            last_name: string;
            metadata: {
                external_reference: string;
            };
            middle_name: string;
            passport_expiry_date: string;
            passport_number: string;
            phone: string;
            primary_address: {
                city: string;
                country_code: string;
                postcode: string;
                street: string;
                type: string;
            };
            /** @description increases with every change; also the ETag */
            revision: string;
            type: "PRIMARY" | "ADDITIONAL";
            /** Format: date-time */
            updated_at: string;
        };
        Delivery: {
            attempt_log: {
                error: string | null;
                latency_ms: number;
                /** Format: date-time */
                started_at: string;
                status_code: number | null;
            }[];
            /** @description Attempts in the current series */
            attempts: number;
            /** Format: date-time */
            created_at: string;
            delivered_at: string | null;
            event: string;
            /** @description The webhook-id of every attempt */
            event_id: string;
            id: string;
            last_error: string | null;
            last_latency_ms: number | null;
            last_status_code: number | null;
            next_attempt_at: string | null;
            status: "PENDING" | "DELIVERED" | "FAILED";
            subscription_id: string;
        };
        EmbedSettings: {
            /** @description Origins (https://host[:port]) whose pages may frame the hosted flow and receive its events */
            allowed_origins: string[];
            client_id: string;
            revision: string;
        };
        ErasureRequest: {
            account_id: string;
            client_id: string;
            completed_at: string | null;
            /** @description null: the whole account and all its contacts */
            contact_id: string | null;
            delete_after: string | null;
            /** @description era_... */
            id: string;
            /**
             * Format: date-time
             * @description when the request was made (the relationship ended then)
             */
            requested_at: string;
            /** @description the client's retention policy, in years */
            retention_years: number;
            /** @description RESTRICTED: processing stopped, the sealed record is kept until delete_after; COMPLETED: deleted, keys destroyed */
            status: "RESTRICTED" | "COMPLETED";
        };
        Event: {
            account_id: string;
            client_id: string;
            contact_id: string | null;
            entity: "ACCOUNT" | "CONTACT";
            event: "ENTITY_UPDATED" | "REPORT_INITIATED" | "REPORT_READY" | "REPORT_ERROR" | "REPORT_CREDIT_LIMIT_EXCEEDED" | "REPORT_IN_REVIEW" | "REPORT_REVIEW_COMPLETED";
            /** @description Also the webhook-id header of every delivery of this event */
            id: string;
            /** Format: date-time */
            occurred_at: string;
            /** @description Why, as codes without personal data; present on a company check's ENTITY_UPDATED: what monitoring saw change on the register (NEW_OFFICER, OFFICER_LEFT, NEW_PSC, PSC_CEASED, STATUS_CHANGED, NAME_CHANGED, REGISTERED_OFFICE_CHANGED) */
            reasons?: string[];
            report_id: string | null;
            report_type: "ONBOARDING" | "AML" | "COMPANY" | null;
            revision: string | null;
        };
        /** @description The verification flow behind a link. Once submitted, only state, branding and redirect_url are filled: first_name is empty, steps, answers and uploads are empty. */
        FlowView: {
            /** @description the answers saved so far, by step */
            answers: {
                [key: string]: unknown;
            };
            branding: {
                brand_colour: string | null;
                firm_name: string | null;
                logo_url: string | null;
            };
            first_name: string;
            handover_url: string | null;
            link_expires_at: string | null;
            missing: string[];
            redirect_url: string | null;
            state: "open" | "submitted" | "complete";
            steps: {
                complete: boolean;
                /** @description id_document step only: the documents this request accepts, offered by the page before the photos (guidance: the upload names the one chosen only for its feedback) */
                documents?: ("passport" | "driving_licence" | "identity_card")[];
                /** @description personal_details, unique_email, legal_names_history, home_address_history, mobile_handover, id_document, selfie, liveness, proof_of_identity, proof_of_address, review */
                id: string;
                uploads: {
                    kinds: ("image" | "pdf")[];
                    optional?: boolean;
                    slot: string;
                }[];
            }[];
            uploads: {
                feedback: {
                    problems: string[];
                    usable: boolean;
                } | null;
                media_type: string;
                size: number;
                slot: string;
                uploaded_at: string | null;
            }[];
        };
        LivenessFrameResult: {
            /**
             * Format: date-time
             * @description stamped by the server
             */
            received_at: string;
            /** @description order of arrival, counted by the server */
            seq: number;
            step: number;
        };
        LivenessOutcome: {
            challenges: {
                met: boolean;
                /** @description turn_left and turn_right are the person's own left and right */
                type: "turn_left" | "turn_right" | "look_up" | "blink" | "smile";
            }[];
            decision: "PASSED" | "FAILED";
            reasons: string[];
            session_id: string;
        };
        /** @description A capture session: its nonce and challenges exist only from the moment the camera starts */
        LivenessSession: {
            /** @description the prompts, in the order to show them: step 1 is the first */
            challenges: ("turn_left" | "turn_right" | "look_up" | "blink" | "smile")[];
            /**
             * Format: date-time
             * @description frames after this are refused
             */
            expires_at: string;
            /** @description how often to take a frame */
            frame_interval_ms: number;
            max_frames: number;
            /** @description sent back with every frame (header x-liveness-nonce) and with finish */
            nonce: string;
            session_id: string;
            /** Format: date-time */
            started_at: string;
            /** @description how long to show each prompt */
            step_ms: number;
        };
        OnboardingReport: {
            account_id: string;
            client_id: string;
            config: {
                is_automatic_refresh_enabled: boolean;
                parameters: {
                    [key: string]: string;
                };
                ttl_in_days: number;
            };
            contact_id: string;
            data: {
                error: string | null;
                expires_at: string | null;
                idscan: {
                    date_of_birth: string;
                    /** @description PASSED, REFER or ALERT */
                    document_decision: string;
                    /** Format: date-time */
                    document_decision_date: string;
                    document_expiry_date: string;
                    document_given_names: string;
                    document_last_name: string;
                    /** @description Passport or Driving License (Identity Card, Visa, Unknown for other documents) */
                    document_type: string;
                    driving_license_number?: string;
                    /** @description PASSED or FAILED; present when face matching was requested */
                    face_match_decision?: string;
                    passport_number?: string;
                } | null;
                link_expires_at: string | null;
                onboarding_url: string | null;
                personal_details: {
                    city: string;
                    country: string;
                    postcode: string;
                    street: string;
                } | null;
                reasons: string[];
                refreshed_at: string | null;
                /** Format: uri */
                report_link: string;
                request_sent_at: string | null;
            };
            /** @description account id and contact id joined by -- */
            id: string;
            review: {
                decision?: string;
                empty: boolean;
                notes?: string;
                status?: string;
            } & {
                [key: string]: unknown;
            };
            revision: string;
            /** @description INITIAL requested; IN_PROGRESS the contact opened the link; READY complete; EXPIRED link or result past its validity; ERROR processing failed; CREDIT_BALANCE_EXCEEDED no credit */
            status: "INITIAL" | "IN_PROGRESS" | "READY" | "EXPIRED" | "ERROR" | "CREDIT_BALANCE_EXCEEDED";
            /** @enum {string} */
            type: "ONBOARDING";
        };
        PortalInsights: {
            account_id: string;
            client_id: string;
            client_onboarding: {
                completed: boolean;
                expires_at: string | null;
                link: string | null;
                share_progress: boolean;
            };
            contacts: {
                completed_at: string | null;
                contact_id: string;
                first_name: string;
                last_name: string;
                link_expires_at: string | null;
                onboarding_link: string | null;
                portal_state: "NOT_REQUESTED" | "TO_DO" | "IN_PROGRESS" | "SUBMITTED" | "DONE" | "LINK_EXPIRED" | "NEEDS_NEW_REQUEST";
                progress: {
                    done: number;
                    total: number;
                };
                report_status: string | null;
                requested_at: string | null;
                started_at: string | null;
                submitted_at: string | null;
                tasks: {
                    completed_at: string | null;
                    started_at: string | null;
                    status: "NOT_STARTED" | "IN_PROGRESS" | "COMPLETED";
                    /** @description a step of the verification flow: personal_details, id_document, selfie, liveness, proof_of_address, review (consent and send), ... */
                    task: string;
                }[];
                type: "PRIMARY" | "ADDITIONAL";
            }[];
            name: string;
            summary: {
                completed_requests: number;
                contacts: number;
                outstanding_requests: number;
            };
        };
        /** @description The client portal behind a portal link */
        PortalView: {
            account_name: string;
            branding: {
                brand_colour: string | null;
                firm_name: string | null;
                logo_url: string | null;
            };
            completed: boolean;
            contacts: {
                link_expires_at: string | null;
                name: string;
                progress: {
                    done: number;
                    total: number;
                };
                role: "PRIMARY" | "ADDITIONAL";
                /** @description NOT_REQUESTED, TO_DO, IN_PROGRESS, SUBMITTED, DONE, LINK_EXPIRED, NEEDS_NEW_REQUEST */
                state: string;
                tasks: {
                    status: "NOT_STARTED" | "IN_PROGRESS" | "COMPLETED";
                    task: string;
                }[];
                verify_url: string | null;
            }[];
            /** Format: date-time */
            expires_at: string;
        };
        /** @description RFC 9457 problem details */
        Problem: {
            /** @description Stable machine-readable error code */
            code: string;
            detail: string;
            errors?: {
                message: string;
                pointer: string;
            }[];
            instance: string;
            request_id: string;
            status: number;
            title: string;
            /** Format: uri */
            type: string;
        } & {
            [key: string]: unknown;
        };
        RetentionPolicy: {
            /** @description Years due diligence records are kept after the relationship ends */
            aml_records_years: number;
            /** @description The rule the default follows */
            basis: string;
            client_id: string;
            /** @description true while the client has not set its own policy (5 years; 0 for sandbox clients) */
            is_default: boolean;
            revision: string;
            updated_at: string | null;
        };
        ScreeningListsResponse: {
            /** @description The list versions screening runs against */
            lists: {
                /** @description Hours since last_success_at */
                age_hours: number | null;
                /** @description sha256 over the canonical entries: the list version */
                content_hash: string;
                entries: number;
                /** @description Publisher format it was read from */
                format: string;
                /** @description Last time the list was confirmed current: its last successful download (downloaded sources) or its file's last change (SCREENING_LISTS) */
                last_success_at: string | null;
                /** @description List id, e.g. us_ofac_sdn, gb_fcdo_sanctions */
                list: string;
                /**
                 * Format: date-time
                 * @description When this version was first loaded by this process
                 */
                loaded_at: string;
                /** @description Older than max_list_age_hours (SCREENING_MAX_LIST_AGE_HOURS): a warning, new designations may be missing */
                stale: boolean;
            }[];
            /** @description Whether any list is loaded; without one, screening answers 503 rather than "No Match" */
            loaded: boolean;
            /** @description A list older than this is stale (SCREENING_MAX_LIST_AGE_HOURS, default 48) */
            max_list_age_hours: number;
            /** @description Lists downloaded from their publishers on the refresh schedule, with their last fetch */
            sources: {
                /** @description Consecutive failed attempts */
                failures: number;
                /** @description Download source id (SCREENING_SOURCES) */
                id: string;
                /** Format: date-time */
                last_attempt_at?: string;
                /** Format: date-time */
                last_change_at?: string;
                last_error?: string;
                /** Format: date-time */
                last_error_at?: string;
                /** Format: date-time */
                last_success_at?: string;
                /** @description Whether a file of this source is loaded */
                loaded: boolean;
                publisher: string;
                /** @description Outcome of the last attempt: updated (new file), not_modified (HTTP 304), unchanged (same bytes), error (the previous file stays in use) */
                status: "never" | "updated" | "not_modified" | "unchanged" | "error";
            }[];
            /** @description Default decision threshold */
            threshold: number;
            /** @description One per stale list */
            warnings: {
                /** @enum {string} */
                code: "LIST_STALE";
                list: string;
                message: string;
            }[];
        };
        ScreeningMatch: {
            /** @description list:publisher id, stable across list versions */
            entity_id: string;
            /** @description Which query name against which listed name, with per-factor scores */
            explanation: {
                /** @description primary, strong or weak */
                alias_quality: string;
                evidence: {
                    adjustment: number;
                    detail: string;
                    factor: string;
                    reason: string;
                }[];
                name_score: number;
                query_name: string;
                /** @description Aligned name parts with their similarity */
                tokens: {
                    listed: string;
                    query: string;
                    reason: string;
                    score: number;
                }[];
                unmatched_listed: string[];
                unmatched_query: string[];
            };
            /** @description List the entry comes from, e.g. us_ofac_sdn, un_sc_sanctions, eu_fsf */
            list: string;
            /** @description Primary name of the listed entry */
            listed_name: string;
            /** @description The listed name or alias that matched */
            matched_name: string;
            /** @description PEP matches only: role, category, current or former, and the relation explained */
            pep?: {
                /** @description Of the deciding position: domestic (PEP_DOMESTIC_COUNTRY), foreign, international_organisation; null when no position is published */
                category: "domestic" | "foreign" | "international_organisation" | null;
                /** @description When the last position ended (former only) */
                ended_on: string | null;
                /** @description e.g. "spouse of Jane Doe, Minister of Finance (GB), 2019-2023; former, left office 2023-06-30" */
                explanation: string;
                /** @description Former PEPs: 12 months after leaving office (regulation 35(9)); after it, a risk-based decision */
                minimum_measures_until: string | null;
                /** @description The PEP's positions (for an rca: the related PEP's) */
                positions: {
                    category: "domestic" | "foreign" | "international_organisation" | null;
                    country: string | null;
                    end_date: string | null;
                    start_date: string | null;
                    status: "current" | "former" | "unknown";
                    title: string;
                }[];
                /** @description For an rca: the PEP it is related to */
                relation: {
                    kind: "family" | "associate";
                    pep_entity_id: string;
                    pep_name: string;
                    /** @description As published, e.g. spouse, son, business partner */
                    relationship: string | null;
                } | null;
                /** @description pep: holds or held the public function; rca: a family member or known close associate of a PEP (MLR 2017 regulation 35) */
                role: "pep" | "rca";
                /** @description former: every published position has ended */
                status: "current" | "former" | "unknown";
            };
            /** @description Sanctions programmes or regimes */
            programs: string[];
            /** @description Reason codes: NAME_EXACT, NAME_FUZZY, NAME_PHONETIC, NAME_EQUIVALENT, NAME_TRANSLITERATED, NAME_REORDERED, NAME_INITIALS, NAME_PARTIAL, WEAK_ALIAS, DOB_MATCH, DOB_YEAR_MATCH, DOB_NEAR, DOB_MISMATCH, NATIONALITY_MATCH, NATIONALITY_MISMATCH, RESIDENCE_MATCH, GENDER_MATCH, GENDER_MISMATCH */
            reasons: string[];
            /** @description 0 to 1, the priority: name similarity adjusted by date of birth, nationality, residence and gender evidence. Whether it is a match is decided on the name score (explanation.name_score) against the topic threshold */
            score: number;
            /** @description Link back to the publisher */
            source_url?: string;
            /** @description The match threshold of that topic */
            threshold: number;
            /** @description Which threshold applied: sanctions, pep or other */
            topic: string;
            /** @description Why the entry is listed: sanction, role.pep, ... */
            topics: string[];
        };
        ScreeningSearchResponse: {
            decision: "No Match" | "Potential Match";
            /** @description List versions screened against */
            lists: {
                content_hash: string;
                list: string;
            }[];
            matches: components["schemas"]["ScreeningMatch"][];
            /** @description null: no PEP list is loaded, so the name was not screened for PEPs */
            pep_matches: ("No Match" | "Potential Match") | null;
            /** @description null: no sanctions list is loaded */
            sanctions_matches: ("No Match" | "Potential Match") | null;
            /** Format: date-time */
            screened_at: string;
            /** @description The sanctions match threshold used */
            threshold: number;
            /** @description The match threshold used per topic */
            thresholds: {
                other: number;
                pep: number;
                sanctions: number;
            };
        };
        SubmitResult: {
            redirect_url: string | null;
            /** @enum {string} */
            state: "submitted";
        };
        Subscription: {
            callback_url: string;
            client_id: string;
            config: {
                /** @description Only in the creation response, and only when the service generated it */
                api_secret?: string;
                entities: {
                    /** @description `CONTACT` for report events, `ACCOUNT` for ENTITY_UPDATED and the COMPANY report's events */
                    entity: "CONTACT" | "ACCOUNT";
                    events: ("REPORT_INITIATED" | "REPORT_READY" | "REPORT_ERROR" | "REPORT_CREDIT_LIMIT_EXCEEDED" | "REPORT_IN_REVIEW" | "REPORT_REVIEW_COMPLETED" | "ENTITY_UPDATED")[];
                    /** @description with entity CONTACT: ONBOARDING and/or AML; with entity ACCOUNT: COMPANY (the company check's report events), or none */
                    report_types?: ("ONBOARDING" | "AML" | "COMPANY")[];
                }[];
            };
            /** Format: date-time */
            created_at: string;
            enabled: boolean;
            id: string;
            revision: string;
            /** @enum {string} */
            type: "WEBHOOK";
            /** Format: date-time */
            updated_at: string;
        };
        UploadResult: {
            feedback: {
                problems: string[];
                usable: boolean;
            };
            height: number | null;
            media_type: "image/jpeg" | "application/pdf" | "application/json";
            /** @description bytes stored (images are re-encoded) */
            size: number;
            slot: string;
            width: number | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
