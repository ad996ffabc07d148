/** The store's schema, named in every query (embedded mode shares one session), and the times its rows give as RFC 3339. */


export const SCHEMA = 'store';

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
