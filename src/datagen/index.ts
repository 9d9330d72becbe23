// Deterministic synthetic Venezuelan data for the demo, tests and benchmarks. Pure TypeScript (no Node APIs):
// runs in Node, Vitest, the benches and a browser worker alike.
export { generateAgencies, generateFranchise, type AgencyOptions } from './agencies.ts';
export { MALFORMATIONS } from './dirty.ts';
export { isOnLand } from './land-grid.ts';
export { QUARTERS, RENT_RANGE, SALE_RANGE } from './listing-fields.ts';
export { generateListings, type ListingOptions } from './listings.ts';
export { PLACES, type Place } from './places.ts';
export { generateTransactionsTable, transactionRecord, type TransactionOptions } from './transactions.ts';
export { COLOR_CATEGORIES, PROPERTY_TYPES, ZONE_VALUES } from './vocab.ts';
