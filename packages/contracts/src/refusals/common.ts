import type { Refusal } from './refusal';

/**
 * Refusals that any service or the edge may answer: authentication, permission, limits,
 * malformed requests and "try again later". Ours unless marked: the spec has no words for them.
 */
export const CommonRefusals = {
  // Storefront §5: a protected page or call without a session.
  LOGIN_FIRST: { status: 401, en: 'Please login first', bn: 'অনুগ্রহ করে প্রথমে লগইন করুন' },
  SESSION_EXPIRED: { status: 401, en: 'Your session has expired, please log in again', bn: 'আপনার সেশনের মেয়াদ শেষ হয়েছে, অনুগ্রহ করে আবার লগইন করুন' },
  INVALID_TOKEN: { status: 401, en: 'Invalid or expired access token', bn: 'অ্যাক্সেস টোকেনটি সঠিক নয় বা এর মেয়াদ শেষ হয়েছে' },
  // Service-to-service calls (decision 0008): a caller without valid service credentials.
  SERVICE_CREDENTIALS_INVALID: { status: 401, en: 'Invalid or missing service credentials', bn: 'সার্ভিসের পরিচয়পত্র নেই বা সঠিক নয়' },
  PERMISSION_DENIED: { status: 403, en: 'You do not have permission to do this', bn: 'এটি করার অনুমতি আপনার নেই' },
  TOO_MANY_REQUESTS: { status: 429, en: 'Too many requests. Please wait a few minutes and try again.', bn: 'অনেক বেশি অনুরোধ। অনুগ্রহ করে কয়েক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।' },
  NOT_FOUND: { status: 404, en: 'Not found', bn: 'পাওয়া যায়নি' },
  NO_SUCH_ROUTE: { status: 404, en: 'No such API route: {{method}} {{path}}', bn: 'এমন কোনো API পথ নেই: {{method}} {{path}}' },
  CONFLICT: { status: 409, en: 'This changed at the same time elsewhere, please try again', bn: 'একই সময়ে অন্য কোথাও এটি বদলেছে, অনুগ্রহ করে আবার চেষ্টা করুন' },
  BAD_REQUEST: { status: 400, en: 'Bad request', bn: 'অনুরোধটি সঠিক নয়' },
  INVALID_VALUE: { status: 400, en: 'Invalid value', bn: 'মানটি সঠিক নয়' },
  INVALID_FIELD: { status: 400, en: 'Invalid {{field}}', bn: '{{field}} সঠিক নয়' },
  FIELD_REQUIRED: { status: 400, en: '{{field}} is required', bn: '{{field}} দিতে হবে' },
  INVALID_ID: { status: 400, en: 'Invalid id', bn: 'আইডি সঠিক নয়' },
  // Keyset pages (decision 0074): a page's cursor that was edited or cut, or a page size out of range.
  INVALID_CURSOR: { status: 400, en: 'This page link is not valid. Please start again from the first page.', bn: 'এই পৃষ্ঠার লিংকটি সঠিক নয়। অনুগ্রহ করে প্রথম পৃষ্ঠা থেকে আবার শুরু করুন।' },
  INVALID_PAGE_SIZE: { status: 400, en: 'The page size must be a whole number from 1 to {{max}}', bn: 'পৃষ্ঠার আকার ১ থেকে {{max}}-এর মধ্যে একটি পূর্ণ সংখ্যা হতে হবে' },
  BODY_TOO_LARGE: { status: 413, en: 'The request is too large', bn: 'অনুরোধটি অনেক বড়' },
  // Node's header limit (16 KB): a very long address, e.g. an 18,000-character search (issue 55). The gateway answers it before any route.
  REQUEST_HEADERS_TOO_LARGE: { status: 431, en: 'This address is too long. Please shorten your search or link and try again.', bn: 'ঠিকানাটি অনেক বড়। অনুগ্রহ করে খোঁজা বা লিংকটি ছোট করে আবার চেষ্টা করুন।' },
  FILE_TOO_LARGE: { status: 413, en: 'The file is larger than {{max}}', bn: 'ফাইলটি {{max}}-এর চেয়ে বড়' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, en: 'Unsupported content type', bn: 'এই ধরনের কনটেন্ট গ্রহণযোগ্য নয়' },
  INTERNAL: { status: 500, en: 'Something went wrong', bn: 'কিছু একটা ভুল হয়েছে' },
  SERVICE_UNAVAILABLE: { status: 503, en: 'Service temporarily unavailable, please try again shortly', bn: 'সেবাটি সাময়িকভাবে বন্ধ আছে, অনুগ্রহ করে কিছুক্ষণ পর আবার চেষ্টা করুন' },
  TIMEOUT: { status: 504, en: 'The service took too long to answer, please try again', bn: 'সেবাটি উত্তর দিতে অনেক সময় নিয়েছে, অনুগ্রহ করে আবার চেষ্টা করুন' },
  // Days and date ranges (decision 0025; one rule in days.ts).
  INVALID_DATE_RANGE: { status: 400, en: 'Please choose a valid date range (from and to dates, DD-MM-YYYY or YYYY-MM-DD)', bn: 'অনুগ্রহ করে একটি সঠিক তারিখের পরিসর বেছে নিন (শুরু ও শেষের তারিখ, DD-MM-YYYY বা YYYY-MM-DD)' },
  INVALID_DAY: { status: 400, en: 'Please enter a real date (DD-MM-YYYY or YYYY-MM-DD)', bn: 'অনুগ্রহ করে একটি সঠিক তারিখ দিন (DD-MM-YYYY বা YYYY-MM-DD)' },
  INVALID_MONTH: { status: 400, en: 'The month must be YYYY-MM, e.g. 2024-05', bn: 'মাস YYYY-MM আকারে দিন, যেমন 2024-05' },
} as const satisfies Record<string, Refusal>;
