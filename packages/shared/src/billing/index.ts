export * from './beta-places';
export * from './billing-period';
export * from './billing-contract';
export * from './plans';
export * from './subscription-schemas';
export * from './plan-change';
