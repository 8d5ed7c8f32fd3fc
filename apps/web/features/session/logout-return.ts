/** Where logout goes by default (ordering spec section 4). */
export const LOGOUT_RETURN_PATH = '/search-locations';
