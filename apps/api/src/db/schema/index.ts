/** Every domain's tables; drizzle-kit reads this file. Each domain owns its own file. */
export * from './clients';
export * from './locations';
export * from './menus';
export * from './orders';
export * from './payments';
export * from './marketing';
export * from './capacity';
export * from './accounts';
export * from './pay-later';
export * from './discounts';
export * from './messaging';
export * from './loyalty';
