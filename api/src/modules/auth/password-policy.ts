import { readFileSync } from 'node:fs';
import { authMessages } from '@pd/domain';

/**
 * The 10,000 most common passwords (api/assets/common-passwords.txt, its source in its header),
 * read once. Found from this module's own location: src/ (tests) and dist/ (built) sit at the same
 * depth below api/.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('../../../assets/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

/** Size of the shipped list (tests). */
export const commonPasswordCount = (): number => commonPasswords().size;

/**
 * Why a new password is refused beyond its length (issue 17, ASVS 6.2): one of the most common
 * passwords, or the account's own e-mail address (or the part before the @). Null when it is fine.
 */
export function passwordProblem(password: string, email: string): string | null {
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.split('@')[0]) return authMessages.passwordIsEmail;
  if (commonPasswords().has(lower)) return authMessages.passwordTooCommon;
  return null;
}
