import { authMessages, passwordStrength } from '@pd/domain';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * New passwords are judged by zxcvbn-ts (decision 091; it supersedes decision 052's list of 10,000):
 * an estimate of the guesses an attacker needs, from its dictionaries of common passwords, names and
 * English words, keyboard patterns, dates, repeats and l33t substitutions, so `P@ssw0rd` or
 * `Summer2024!` are caught as well as `password`. Checked on the api only (the dictionaries are
 * ~1.5 MB: the pwa shows the api's field message). The dictionaries load once, on first use.
 */
let ready = false;
function estimator(): typeof zxcvbn {
  if (!ready) {
    zxcvbnOptions.setOptions({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
      maxLength: passwordStrength.maxJudgedLength,
    });
    ready = true;
  }
  return zxcvbn;
}

/**
 * Why a new password is refused beyond its length (issue 17, ASVS 6.2; issue 30.8): the account's own
 * e-mail address (or the part before the @), or too easy to guess (zxcvbn's score below
 * `passwordStrength.minScore`), with zxcvbn's own warning and suggestions. Null when it is fine.
 */
export function passwordProblem(password: string, email: string, name?: string): string | null {
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? address;
  if (lower === address || lower === localPart) return authMessages.passwordIsEmail;
  // The account's own words count as known to an attacker.
  const own = [address, localPart, ...(name ? name.split(/\s+/).filter((w) => w.length > 2) : [])];
  const result = estimator()(password, own);
  if (result.score >= passwordStrength.minScore) return null;
  const hints = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (hint): hint is string => typeof hint === 'string' && hint.length > 0,
  );
  return authMessages.passwordTooWeak(hints);
}
