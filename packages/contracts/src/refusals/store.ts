import type { Refusal } from './refusal';

/**
 * The store refusals (decision 0026): the spec's exact English where it has one (storefront §5,
 * §9: 'This is required', 'Too Short!', 'Enter a valid email address', 'Please enter gift card
 * secret code!'), ours otherwise. Orders and amounts use commerce's keys (ORDER_*, AMOUNT_MISMATCH).
 */
export const StoreRefusals = {
  // Forms (a field's text, no placeholders).
  THIS_IS_REQUIRED: { status: 400, en: 'This is required', bn: 'এটি আবশ্যক' },
  TOO_SHORT: { status: 400, en: 'Too Short!', bn: 'খুব ছোট!' },
  TOO_LONG: { status: 400, en: 'Too Long!', bn: 'খুব বড়!' },
  ENTER_VALID_EMAIL: { status: 400, en: 'Enter a valid email address', bn: 'একটি সঠিক ইমেইল ঠিকানা লিখুন' },
  GIFT_CARD_TEXT_INVALID: { status: 400, en: 'Use letters, digits, spaces and common punctuation only, on one line', bn: 'শুধু অক্ষর, সংখ্যা, স্পেস ও সাধারণ যতিচিহ্ন ব্যবহার করুন, এক লাইনে' },
  QUANTITY_TOO_SMALL: { status: 400, en: 'Quantity must be at least 1', bn: 'পরিমাণ অন্তত ১ হতে হবে' },
  QUANTITY_TOO_LARGE: { status: 400, en: 'Quantity must be at most 100', bn: 'পরিমাণ সর্বোচ্চ ১০০ হতে পারে' },
  TOTAL_NOT_PRICE_TIMES_QUANTITY: { status: 400, en: 'The total must be the price times the quantity', bn: 'মোট মূল্য হতে হবে মূল্য গুণ পরিমাণ' },
  PARAM_INVALID: { status: 400, en: 'Use lower-case letters, digits and dashes', bn: 'শুধু ছোট হাতের ইংরেজি অক্ষর, সংখ্যা ও ড্যাশ ব্যবহার করুন' },
  PARAM_TAKEN: { status: 409, en: 'This param is already used', bn: 'এই প্যারামটি আগেই ব্যবহার করা হয়েছে' },
  PRICE_NOT_POSITIVE: { status: 400, en: 'Price must be more than 0', bn: 'মূল্য ০-এর বেশি হতে হবে' },
  VALUE_NOT_POSITIVE: { status: 400, en: 'Value must be more than 0', bn: 'মূল্যমান ০-এর বেশি হতে হবে' },
  OLD_PRICE_NEGATIVE: { status: 400, en: 'Old price must not be negative', bn: 'আগের মূল্য ঋণাত্মক হতে পারে না' },
  AMOUNT_NOT_WHOLE_POISHA: { status: 400, en: 'Must be a whole number of poisha', bn: 'পয়সার পূর্ণ সংখ্যা হতে হবে' },
  IMAGE_DATA_URL_INVALID: { status: 400, en: 'image must be an image data URL', bn: 'ছবিটি একটি ছবির ডেটা ইউআরএল হতে হবে' },
  // Categories, products and issued cards.
  CATEGORY_NOT_FOUND: { status: 404, en: 'Category not found', bn: 'ক্যাটাগরিটি পাওয়া যায়নি' },
  GIFT_CARD_NOT_FOUND: { status: 404, en: 'Gift card not found', bn: 'গিফট কার্ডটি পাওয়া যায়নি' },
  // Redeeming (storefront §9).
  GIFT_CARD_CODE_EMPTY: { status: 400, en: 'Please enter gift card secret code!', bn: 'অনুগ্রহ করে গিফট কার্ডের গোপন কোড লিখুন!' },
  GIFT_CARD_UNKNOWN: { status: 404, en: 'Invalid gift card code. Please check the code and try again.', bn: 'গিফট কার্ডের কোডটি সঠিক নয়। কোডটি দেখে আবার চেষ্টা করুন।' },
  GIFT_CARD_USED: { status: 400, en: 'This gift card has already been used.', bn: 'এই গিফট কার্ডটি আগেই ব্যবহার করা হয়েছে।' },
  GIFT_CARD_EXPIRED: { status: 400, en: 'This gift card has expired.', bn: 'এই গিফট কার্ডের মেয়াদ শেষ হয়ে গেছে।' },
  GIFT_CARD_NOT_YET_VALID: { status: 400, en: 'This gift card is not valid yet.', bn: 'এই গিফট কার্ডটি এখনো বৈধ হয়নি।' },
  WALLET_NOT_YOURS: { status: 403, en: 'You may only redeem into and read your own wallet', bn: 'আপনি শুধু নিজের ওয়ালেটেই রিডিম করতে ও তা দেখতে পারেন' },
} as const satisfies Record<string, Refusal>;
