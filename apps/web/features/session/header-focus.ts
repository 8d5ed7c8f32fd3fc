/**
 * The header's account entry changes with the session: after signing in the account menu replaces 'Sign in', after
 * logging out 'Sign in' replaces the menu. The one that appears takes focus (components/ui/focus-handoff.ts).
 */
export const ACCOUNT_MENU_FOCUS = 'header-account-menu';
export const SIGN_IN_FOCUS = 'header-sign-in';
