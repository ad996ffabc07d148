/**
 * The conduct check (decision 0075): one rule for every text users write to each other (messages
 * to instructors and their replies, lesson questions and answers, reviews and their replies) and
 * for the contact form, called by each use case before it stores, beside the plain-text sanitiser
 * (decision 0064). Profanity is refused everywhere; personal contact details are refused in text
 * between users, not in a message to Taal's own staff.
 */
import { contactDetailIn } from './contact-details';
import { hasProfanity } from './profanity';

export { contactDetailIn } from './contact-details';
export { hasProfanity } from './profanity';

export type ConductProblem = 'profanity' | 'contactDetails';

export interface ConductRules {
  /** Whether personal contact details are refused (text between users); default true. */
  contactDetails?: boolean;
}

/** What the text breaks of the conduct rules, or null. */
export function conductProblem(text: string | undefined, rules: ConductRules = {}): ConductProblem | null {
  if (!text) return null;
  if (hasProfanity(text)) return 'profanity';
  if (rules.contactDetails !== false && contactDetailIn(text)) return 'contactDetails';
  return null;
}
