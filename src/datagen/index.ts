// Deterministic synthetic Venezuelan data for the demo, tests and benchmarks.
export { generateAgencies, generateFranchise, type AgencyOptions } from './agencies';
export { MALFORMATIONS } from './dirty';
export { isOnLand } from './land-grid';
export { QUARTERS } from './listing-fields';
export { generateListings, type ListingOptions } from './listings';
export { PLACES, type Place } from './places';
export { generateTransactionsTable, transactionRecord, type TransactionOptions } from './transactions';
export { COLOR_CATEGORIES, PROPERTY_TYPES } from './vocab';
