/** Learning's schema, named in every query, and the times its rows give as RFC 3339. */


export const SCHEMA = 'learning';

export const iso = (d: Date | null) => (d ? d.toISOString() : '');
