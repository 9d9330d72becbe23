// Deterministic synthetic Venezuelan data for the demo, tests and benchmarks.
export { generateAgencies, generateFranchise, type AgencyOptions } from './agencies.ts';
export { MALFORMATIONS } from './dirty.ts';
export { isOnLand } from './land-grid.ts';
export { QUARTERS } from './listing-fields.ts';
export { generateListings, type ListingOptions } from './listings.ts';
export { PLACES, type Place } from './places.ts';
export { generateTransactionsTable, transactionRecord, type TransactionOptions } from './transactions.ts';
export { COLOR_CATEGORIES, PROPERTY_TYPES } from './vocab.ts';
