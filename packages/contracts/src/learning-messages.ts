/** Messages of the learning screens (storefront §8), verbatim from the spec. */
export const LearningMessages = {
  purchaseFirst: 'Purchase the course First!!',
  loginFirst: 'Please login first',
} as const;
