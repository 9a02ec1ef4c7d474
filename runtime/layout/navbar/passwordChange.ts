/** The change-password fields and the dialog's decision (spec 5). */
export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Decides what the dialog does with the three fields: warn (no call) or send. */
export function passwordChangeStep(values: PasswordFields): 'mismatch' | 'send' {
  return values.newPassword === values.confirmNewPassword ? 'send' : 'mismatch';
}
