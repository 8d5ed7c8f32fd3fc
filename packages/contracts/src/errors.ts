/** The spec's error catalogue: order codes, app codes and the success code. */

export const ORDER_ERROR = {
  ItemOutOfStock: 21001,
  InvalidItem: 21002,
  MinItemQuantityNotMet: 21006,
  MaxItemQuantityExceeded: 21007,
  SubstitutionQuantityExceeded: 21008,
  ItemPortionMissing: 21009,
  InvalidDiscount: 21021,
  UnusedDiscount: 21022,
  AutoAppliedDiscount: 21023,
  /** Invalid service charge; also the menu-snapshot mismatch, retried once with forceUpdate. */
  InvalidServiceCharge: 21031,
  UnusedServiceCharge: 21032,
  AutoAppliedServiceCharge: 21033,
  InvalidLocation: 21034,
  InvalidOrderChannel: 21035,
  InvalidOrderType: 21036,
  InvalidOrderTime: 21037,
  InvalidStoreHours: 21038,
  InvalidMaximumOrderLimitRange: 21039,
  InvalidMinimumOrderLimitRange: 21040,
  DuplicateOrder: 21041,
  InvalidOrderId: 21042,
  InvalidPayment: 21043,
  InvalidPaymentTotal: 21044,
  LocationOffline: 21045,
  InvalidOrderDateTime: 2021,
} as const;
export const SNAPSHOT_MISMATCH = ORDER_ERROR.InvalidServiceCharge;

export const APP_ERROR = {
  Internal: 500,
  MissingSnapshotId: 811,
  TransactionNotAuthorized: 886,
  MissingCreditPaymentMethod: 9901,
  RecaptchaFailure: 9902,
  Unknown: 9903,
  Misconfigured: 9904,
  SessionInvalid: 10005,
  BulkAddFailed: 10018,
  OrderExpired: 10029,
} as const;

export const SUCCESS_CODE = '00000';

/** Codes that stop the payment flow (spec: 500, 9901, 9904, 10029, 21045). */
export const BLOCKING_CODES: readonly number[] = [500, 9901, 9904, 10029, 21045];

/** Codes of the pre-checkout 'Order Total issue!' dialog. */
export const ORDER_TOTAL_CODES: readonly number[] = [21039, 21040];
