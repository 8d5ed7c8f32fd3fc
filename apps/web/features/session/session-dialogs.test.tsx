import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@storefront/contracts/accounts';
import type { CaptchaFieldProps } from './components/captcha-field';
import { ForgotPasswordDialog } from './components/forgot-password-dialog';
import { LoginDialog } from './components/login-dialog';
import { SignupDialog } from './components/signup-dialog';
import { loginFailureOf, signupFailureOf } from './session-errors';

// The server actions module runs on the server only; the dialogs get their actions as props here.
vi.mock('./session.actions', () => ({}));

/**
 * The captcha widget stands in for the outside world (ALTCHA's web component needs workers and a browser): a
 * button that 'solves' it, and the reset count the dialog asked for.
 */
function FakeCaptcha({ onChange, resetKey }: CaptchaFieldProps) {
  return (
    <button type="button" data-reset-key={resetKey} onClick={() => onChange(`payload-${resetKey}`)}>
      Solve challenge
    </button>
  );
}

const altcha = { kind: 'altcha' } as const;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function type(label: string, value: string) {
  const input = screen.getByLabelText(label, { exact: true });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

const submitButton = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('login dialog', () => {
  function renderLogin(signIn = vi.fn(), resendActivation = vi.fn()) {
    const onSignedIn = vi.fn();
    render(
      <LoginDialog
        open
        onOpenChange={() => undefined}
        captcha={altcha}
        onSwitch={() => undefined}
        onSignedIn={onSignedIn}
        signIn={signIn}
        resendActivation={resendActivation}
        Captcha={FakeCaptcha}
      />,
    );
    return { onSignedIn };
  }

  it('shows the spec messages and keeps Sign in disabled until e-mail, password and challenge are there', async () => {
    renderLogin();
    type('Email', '');
    type('Password', '');
    expect(await screen.findByText('Please enter your email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    type('Email', 'not-an-email');
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    type('Email', 'dana@example.com');
    type('Password', 'Secret123');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email')).toBeNull());
    expect(submitButton('Sign in').disabled).toBe(true);
    await click('Solve challenge');
    await waitFor(() => expect(submitButton('Sign in').disabled).toBe(false));
  });

  async function fillAndSubmit() {
    type('Email', 'Dana@Example.com');
    type('Password', 'Secret123');
    await click('Solve challenge');
    await waitFor(() => expect(submitButton('Sign in').disabled).toBe(false));
    await click('Sign in');
  }

  it('signs in with the normalised e-mail and the challenge payload', async () => {
    const signIn = vi.fn().mockResolvedValue({ ok: true, data: { firstName: 'Dana' } });
    const { onSignedIn } = renderLogin(signIn);
    await fillAndSubmit();
    expect(signIn).toHaveBeenCalledWith({
      email: 'dana@example.com',
      password: 'Secret123',
      recaptchaInput: 'payload-0',
    });
    expect(onSignedIn).toHaveBeenCalledWith('Dana');
  });

  it('says Invalid email or password, and asks for a fresh challenge after any refusal', async () => {
    const signIn = vi.fn().mockResolvedValue({
      ok: false,
      error: { kind: 'invalid', message: ACCOUNT_MESSAGES.invalidCredentials },
    });
    renderLogin(signIn);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid email or password');
    expect(screen.getByRole('button', { name: 'Solve challenge' }).dataset.resetKey).toBe('1');
    expect(submitButton('Sign in').disabled).toBe(true);
  });

  it('offers to resend the activation link for an inactive account and says it was sent', async () => {
    const signIn = vi.fn().mockResolvedValue({
      ok: false,
      error: { kind: 'inactive', accountId: 42, message: ACCOUNT_MESSAGES.inactiveAccount },
    });
    const resend = vi.fn().mockResolvedValue({ ok: true, data: null });
    renderLogin(signIn, resend);
    await fillAndSubmit();
    await click('Resend activation link');
    expect(resend).toHaveBeenCalledWith({ accountId: 42 });
    expect(await screen.findByText('We sent you a new activation link. Check your e-mail.')).toBeTruthy();
  });

  it('shows the unknown-error text when the action itself fails', async () => {
    renderLogin(vi.fn().mockRejectedValue(new Error('network')));
    await fillAndSubmit();
    expect(await screen.findByText('Unknown error ocurred while trying to perform login')).toBeTruthy();
  });
});

describe('signup dialog', () => {
  function renderSignup(signUp = vi.fn()) {
    render(
      <SignupDialog
        open
        onOpenChange={() => undefined}
        captcha={altcha}
        onSwitch={() => undefined}
        signUp={signUp}
        Captcha={FakeCaptcha}
      />,
    );
  }

  async function fillValid() {
    type('First Name', 'Dana');
    type('Last Name', 'Tester');
    type('Phone Number', '5551234567');
    type('Email', 'dana@example.com');
    type('Password', 'Secret123');
    type('Confirm Password', 'Secret123');
    await click('Solve challenge');
    await waitFor(() => expect(submitButton('Sign up').disabled).toBe(false));
  }

  it('shows every field rule with the spec messages', async () => {
    renderSignup();
    type('First Name', '');
    type('Last Name', 'x'.repeat(41));
    type('Phone Number', '(555) 123-4567');
    type('Password', 'password1');
    type('Confirm Password', 'other');
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('You must enter a maximum of 40 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number without special characters')).toBeTruthy();
    expect(
      screen.getByText(
        'Password must be at least 8 characters long and include uppercase, lowercase and numbers.',
      ),
    ).toBeTruthy();
    // The confirmation is compared as soon as both passwords are typed, whatever the other fields hold.
    expect(screen.getByText('The password confirmation does not match')).toBeTruthy();
    expect(submitButton('Sign up').disabled).toBe(true);
    type('Confirm Password', 'password1');
    await waitFor(() => expect(screen.queryByText('The password confirmation does not match')).toBeNull());
    type('First Name', 'Dana');
    type('Last Name', 'Tester');
    type('Phone Number', '5551234567');
    type('Email', 'dana@example.com');
    type('Password', 'Secret123');
    type('Confirm Password', 'Secret124');
    expect(await screen.findByText('The password confirmation does not match')).toBeTruthy();
    expect(submitButton('Sign up').disabled).toBe(true);
  });

  it('tells the customer to check their e-mail on success', async () => {
    const signUp = vi.fn().mockResolvedValue({ ok: true, data: { email: 'dana@example.com' } });
    renderSignup(signUp);
    await fillValid();
    await click('Sign up');
    expect(signUp).toHaveBeenCalledWith({
      form: {
        firstName: 'Dana',
        lastName: 'Tester',
        phoneNumber: '5551234567',
        email: 'dana@example.com',
        password: 'Secret123',
        confirmPassword: 'Secret123',
      },
      recaptchaInput: 'payload-0',
    });
    expect(await screen.findByText(/We sent an activation link to dana@example.com/)).toBeTruthy();
  });

  it('shows the error the action returns', async () => {
    renderSignup(vi.fn().mockResolvedValue({ ok: false, error: 'Please complete the following challenge' }));
    await fillValid();
    await click('Sign up');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Please complete the following challenge',
    );
  });
});

describe('forgot password dialog', () => {
  function renderForgot(forgotPassword = vi.fn()) {
    render(
      <ForgotPasswordDialog
        open
        onOpenChange={() => undefined}
        captcha={altcha}
        onSwitch={() => undefined}
        forgotPassword={forgotPassword}
        Captcha={FakeCaptcha}
      />,
    );
  }

  async function send() {
    type('Email', 'dana@example.com');
    await click('Solve challenge');
    await waitFor(() => expect(submitButton('Send link').disabled).toBe(false));
    await click('Send link');
  }

  it('confirms alike for any address', async () => {
    renderForgot(vi.fn().mockResolvedValue({ ok: true, data: { email: 'dana@example.com' } }));
    await send();
    expect(await screen.findByText(/If an account exists for dana@example.com/)).toBeTruthy();
  });

  it('says Server error when it fails', async () => {
    renderForgot(vi.fn().mockRejectedValue(new Error('down')));
    await send();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Server error');
  });
});

describe('error mapping', () => {
  it('reads login answers as the spec lists them', () => {
    expect(loginFailureOf(401, [{ key: 'InvalidCredentials', code: 401, message: 'x' }], null).message).toBe(
      'Invalid email or password',
    );
    expect(
      loginFailureOf(403, [{ key: 'InactiveAccount', code: 9005, message: 'x' }], { accountId: 7 }),
    ).toEqual({
      kind: 'inactive',
      accountId: 7,
      message: ACCOUNT_MESSAGES.inactiveAccount,
    });
    expect(loginFailureOf(422, [{ key: 'Recaptcha', code: 9902, message: 'x' }], null).message).toBe(
      'Please complete the following challenge',
    );
    expect(loginFailureOf(429, [{ key: 'TooManyAttempts', code: 429, message: 'x' }], null).kind).toBe(
      'locked',
    );
    expect(loginFailureOf(503, [{ key: 'Unavailable', code: 500, message: 'x' }], null).message).toBe(
      'Unknown error ocurred while trying to perform login',
    );
  });

  it('shows the first server message of a failed signup, else the spec text', () => {
    expect(signupFailureOf([{ key: 'X', code: 400, message: 'Email is taken' }], 400)).toBe('Email is taken');
    expect(signupFailureOf([], 400)).toBe(ACCOUNT_MESSAGES.signupFailed);
    expect(signupFailureOf([{ key: 'Unavailable', code: 500, message: 'down' }], 503)).toBe(
      ACCOUNT_MESSAGES.signupFailed,
    );
  });
});

describe('switching dialogs', () => {
  function Dialogs() {
    const [open, setOpen] = useState<'login' | 'signup' | 'forgot' | null>(null);
    const close = (isOpen: boolean) => (isOpen ? undefined : setOpen(null));
    return (
      <>
        <button type="button" onClick={() => setOpen('login')}>
          Sign in
        </button>
        <LoginDialog
          open={open === 'login'}
          onOpenChange={close}
          captcha={altcha}
          onSwitch={setOpen}
          onSignedIn={vi.fn()}
          signIn={vi.fn()}
          resendActivation={vi.fn()}
          Captcha={FakeCaptcha}
        />
        <SignupDialog
          open={open === 'signup'}
          onOpenChange={close}
          captcha={altcha}
          onSwitch={setOpen}
          signUp={vi.fn()}
          Captcha={FakeCaptcha}
        />
      </>
    );
  }

  // Issue 37: the sign-up dialog opened from sign-in's 'Create an account' already said 'Please enter your
  // name': the closed sign-in dialog took focus back to its opener, blurring the empty First Name.
  it("opens sign-up from sign-in's 'Create an account' in First Name, with no message before anything is typed", async () => {
    render(<Dialogs />);
    const opener = screen.getByRole('button', { name: 'Sign in' });
    opener.focus();
    fireEvent.click(opener);
    const login = await screen.findByRole('dialog', { name: 'Sign in' });
    await act(async () => {
      fireEvent.click(within(login).getByRole('button', { name: 'Create an account' }));
    });
    await screen.findByRole('dialog', { name: 'Create an account' });
    // Radix hands focus back a tick after a dialog has gone.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement).toBe(screen.getByLabelText('First Name', { exact: true }));
    expect(screen.queryByText('Please enter your name')).toBeNull();
    expect(screen.queryByText('Please enter your phone number')).toBeNull();
  });
});
