// The storefront is only ever mounted by the shell (see ./lifecycles); this entry is unused.
export {};
