import type { Refusal } from './refusal';

/**
 * The commerce refusals (decision 0026): the spec's exact English where it has one, ours otherwise.
 * The order keys (ORDER_NOT_FOUND, ORDER_NOT_YOURS, ORDER_ALREADY_PAID, AMOUNT_MISMATCH, …) are
 * the store's too: both sell through orders paid by card.
 */
export const CommerceRefusals = {
  // Cart and wishlist (a missing course id is catalogue's COURSE_ID_REQUIRED).
  TIER_INVALID: { status: 400, en: 'Tier must be silver, gold or diamond', bn: 'টিয়ার হতে হবে সিলভার, গোল্ড অথবা ডায়মন্ড' },
  CART_OFFER_UNKNOWN: { status: 400, en: 'No tier of this course has this price and validity', bn: 'এই কোর্সের কোনো টিয়ারে এই দাম ও মেয়াদ নেই' },
  COURSE_NOT_FOR_SALE: { status: 404, en: 'This course is not for sale', bn: 'এই কোর্সটি বিক্রির জন্য নেই' },
  CART_EMPTY: { status: 400, en: 'Your cart is empty', bn: 'আপনার কার্ট খালি' },
  // Issue 28: buying a course already owned must extend access (decision 0027).
  COURSE_ALREADY_OWNED: {
    status: 409,
    en: 'You already own this course at this tier or a higher one. You can renew it in its last {{days}} days or upgrade to a higher tier.',
    bn: 'এই কোর্সটি এই টিয়ারে বা এর চেয়ে উঁচু টিয়ারে আপনার কেনা আছে। মেয়াদের শেষ {{days}} দিনে নবায়ন করা যাবে, অথবা উঁচু টিয়ারে আপগ্রেড করা যাবে।',
  },
  // Vouchers: storefront §7 'Coupon Not found'; admin-back-office.md 'any of the field is missing'.
  // The spec quotes 'Coupon Not found' (and 'Coupon Applied') exactly, so the English keeps "Coupon"
  // though the cart page says "Voucher"; the Bengali, not quoted, says ভাউচার as the page does (issue 55).
  COUPON_NOT_FOUND: { status: 404, en: 'Coupon Not found', bn: 'ভাউচার পাওয়া যায়নি' },
  // Ours (issue 55): the voucher box submitted empty is not a lookup that found nothing.
  VOUCHER_CODE_REQUIRED: { status: 400, en: 'Please enter a voucher code', bn: 'অনুগ্রহ করে ভাউচার কোড লিখুন' },
  // Issue 50: wrong codes are limited per user and per address, as gift-card codes are.
  TOO_MANY_VOUCHER_TRIES: { status: 429, en: 'Too many wrong voucher codes. Please try again later.', bn: 'অনেকবার ভুল ভাউচার কোড দেওয়া হয়েছে। অনুগ্রহ করে পরে আবার চেষ্টা করুন।' },
  // The spec's words exactly (admin-back-office.md §voucher form), its grammar kept (issue 55; refusal.ts).
  VOUCHER_FIELDS_MISSING: { status: 400, en: 'any of the field is missing', bn: 'কোনো একটি ঘর খালি রয়েছে' },
  VOUCHER_CODE_INVALID: { status: 400, en: 'The code may have only letters, digits, - and _ (at most 40)', bn: 'কোডে শুধু অক্ষর, সংখ্যা, - ও _ থাকতে পারে (সর্বোচ্চ ৪০টি)' },
  VOUCHER_PERCENT_INVALID: { status: 400, en: 'The discount must be from 1 to 100 percent', bn: 'ছাড় ১ থেকে ১০০ শতাংশের মধ্যে হতে হবে' },
  VOUCHER_USE_LIMIT_INVALID: { status: 400, en: 'The use limit must be at least 1', bn: 'ব্যবহারের সীমা অন্তত ১ হতে হবে' },
  VOUCHER_CODE_TAKEN: { status: 409, en: 'A voucher with code {{code}} exists', bn: '{{code}} কোডের একটি কুপন আগে থেকেই আছে' },
  VOUCHER_ID_REQUIRED: { status: 400, en: 'Voucher id is required', bn: 'কুপনের আইডি দিতে হবে' },
  // The wallet's credits (the store's and the back office's).
  GIFT_CARD_CREDIT_STORE_ONLY: { status: 403, en: 'Only the store credits gift cards', bn: 'শুধু স্টোরই গিফট কার্ডের অর্থ জমা দিতে পারে' },
  GIFT_CARD_CREDIT_INCOMPLETE: { status: 400, en: 'User and gift card are required', bn: 'ব্যবহারকারী ও গিফট কার্ড দুটোই দিতে হবে' },
  WALLET_USER_REQUIRED: { status: 400, en: 'User id is required', bn: 'ব্যবহারকারীর আইডি দিতে হবে' },
  WALLET_AMOUNT_INVALID: { status: 400, en: 'Amount must be positive integer poisha', bn: 'পরিমাণ শূন্যের বেশি পূর্ণসংখ্যার পয়সা হতে হবে' },
  CREDIT_KIND_INVALID: { status: 400, en: 'Kind must be referral_bonus, gift_card_redemption or refund', bn: 'জমার ধরন হতে হবে রেফারেল বোনাস, গিফট কার্ড রিডিম অথবা ফেরত' },
  CREDIT_REFERENCE_REQUIRED: { status: 400, en: 'Reference is required (a credit counts once per reference)', bn: 'রেফারেন্স দিতে হবে (প্রতি রেফারেন্সে একবারই জমা হয়)' },
  // Decision 0036: a credit whose reference already holds a different credit (another user, kind or amount).
  LEDGER_REFERENCE_TAKEN: {
    status: 409,
    en: 'This credit’s reference is already used by a different credit; nothing was credited',
    bn: 'এই জমার রেফারেন্সটি অন্য একটি জমায় ব্যবহৃত হয়েছে; কিছুই জমা হয়নি',
  },
  // Orders (course orders and store orders).
  ORDER_ID_REQUIRED: { status: 400, en: 'Order id is required', bn: 'অর্ডার আইডি দিতে হবে' },
  ORDER_NOT_FOUND: { status: 404, en: 'Order not found', bn: 'অর্ডারটি পাওয়া যায়নি' },
  RECEIPT_ORDER_UNPAID: { status: 409, en: 'This order is not paid: it has no receipt', bn: 'এই অর্ডারটি পরিশোধ করা হয়নি: এর কোনো রসিদ নেই' },
  ORDER_NOT_YOURS: { status: 403, en: 'You may only act on your own orders', bn: 'আপনি শুধু নিজের অর্ডারেই এটি করতে পারেন' },
  CART_NOT_YOURS: { status: 403, en: 'You may only act on your own cart, wishlist, wallet and orders', bn: 'আপনি শুধু নিজের কার্ট, উইশলিস্ট, ওয়ালেট ও অর্ডারেই এটি করতে পারেন' },
  ORDER_ALREADY_PAID: { status: 400, en: 'The order is paid', bn: 'অর্ডারটি আগেই পরিশোধ করা হয়েছে' },
  ORDER_EXPIRED: { status: 400, en: 'The order expired; create it again', bn: 'অর্ডারটির মেয়াদ শেষ হয়ে গেছে; আবার অর্ডার করুন' },
  ORDER_CANCELLED: { status: 400, en: 'The order is cancelled', bn: 'অর্ডারটি বাতিল করা হয়েছে' },
  ORDER_HELD: { status: 400, en: 'The order is held for review', bn: 'অর্ডারটি পর্যালোচনার জন্য আটকে আছে' },
  // Paying a zero order when its voucher ran out meanwhile: the order is cancelled (the voucher is gone).
  ORDER_CANCELLED_COUPON_USED_UP: { status: 404, en: 'The voucher is used up: the order is cancelled, please order again', bn: 'ভাউচারটির ব্যবহার শেষ: অর্ডারটি বাতিল হয়েছে, অনুগ্রহ করে আবার অর্ডার করুন' },
  ORDER_NOTHING_TO_PAY_BY_CARD: { status: 400, en: 'The order has nothing to pay by card; confirm it with zero-cart', bn: 'এই অর্ডারে কার্ডে পরিশোধের কিছু নেই; বিনা খরচে নিশ্চিত করুন' },
  ORDER_HAS_AMOUNT_TO_PAY: { status: 400, en: 'The order has an amount to pay through the payment gateway', bn: 'এই অর্ডারের অর্থ পেমেন্ট গেটওয়েতে পরিশোধ করতে হবে' },
  // The amount a client computed differs from the server's (`amount`: BDT, e.g. 1200.00).
  AMOUNT_MISMATCH: { status: 400, en: 'The amount must be {{amount}} BDT', bn: 'পরিমাণ হতে হবে {{amount}} টাকা' },
  AMOUNT_CHANGED: { status: 400, en: "The amount is not the server's computation of this order", bn: 'পরিমাণটি এই অর্ডারের হিসাবের সঙ্গে মেলে না' },
  // Issue 36: an order's card sessions still open (no answer yet) are limited (decision 0040).
  CARD_SESSIONS_OPEN: {
    status: 409,
    en: 'This order already has {{max}} payment pages open. Finish paying on one of them, or try again in {{minutes}} minutes.',
    bn: 'এই অর্ডারের জন্য ইতিমধ্যে {{max}}টি পেমেন্ট পেজ খোলা আছে। সেগুলোর একটিতে পেমেন্ট শেষ করুন, অথবা {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  },
  // Card payments (decision 0014): the edge alone hands over the gateway's notifications.
  PAYMENT_NOTIFICATION_EDGE_ONLY: { status: 403, en: 'Only the HTTP edge hands over payment notifications', bn: 'শুধু গেটওয়ে সার্ভারই পেমেন্টের বার্তা পৌঁছে দিতে পারে' },
  NO_HELD_PAYMENT: { status: 400, en: 'The order has no payment held for review', bn: 'এই অর্ডারের কোনো পেমেন্ট পর্যালোচনার জন্য আটকে নেই' },
} as const satisfies Record<string, Refusal>;
