/**
 * Event names: `<domain>.<entity>.<past-tense>`. They are also the Kafka topic names,
 * so they are string constants here, never derived from class names. Payloads are the
 * protobuf messages named beside each.
 */
export const CatalogueEvents = {
  /** Payload: taal.catalogue.v1.CourseUpdated */
  courseUpdated: 'catalogue.course.updated',
  /** Payload: taal.catalogue.v1.InstructorUpdated */
  instructorUpdated: 'catalogue.instructor.updated',
  /** Payload: taal.catalogue.v1.CourseDeleted (a discarded draft) */
  courseDeleted: 'catalogue.course.deleted',
  /** Payload: taal.catalogue.v1.UpcomingCourseChanged */
  upcomingUpdated: 'catalogue.upcoming.updated',
  /** Payload: taal.catalogue.v1.FreebieChanged (a freebie created or changed) */
  freebieUpdated: 'catalogue.freebie.updated',
  /** Payload: taal.catalogue.v1.FreebieChanged (the freebie as it was) */
  freebieDeleted: 'catalogue.freebie.deleted',
  /** Payload: taal.catalogue.v1.PopupUpdated */
  popupUpdated: 'catalogue.popup.updated',
} as const;

export const IdentityEvents = {
  /** Payload: taal.identity.v1.UserRegistered */
  userRegistered: 'identity.user.registered',
  /** Payload: taal.identity.v1.UserVerified */
  userVerified: 'identity.user.verified',
  /** Payload: taal.identity.v1.UserSuspended */
  userSuspended: 'identity.user.suspended',
  /** Payload: taal.identity.v1.UserUnsuspended */
  userUnsuspended: 'identity.user.unsuspended',
  /** Payload: taal.identity.v1.SessionRevoked (its access tokens are refused from now on) */
  sessionRevoked: 'identity.session.revoked',
} as const;

export const StoreEvents = {
  /** Payload: taal.store.v1.StoreOrderPaid (exactly one per paid store order) */
  orderPaid: 'store.order.paid',
  /** Payload: taal.store.v1.GiftCardRedeemed (exactly one per card; commerce credits the wallet) */
  giftCardRedeemed: 'store.gift_card.redeemed',
} as const;

export const CommerceEvents = {
  /** Payload: taal.commerce.v1.OrderPaid (exactly one per paid order) */
  orderPaid: 'commerce.order.paid',
} as const;

export const MessagingEvents = {
  /** Payload: taal.messaging.v1.NotificationRequested (any service notifies one user; one notification per key) */
  notificationRequested: 'messaging.notification.requested',
  /** Payload: taal.messaging.v1.MailRequested (any service has one transactional mail sent; one per key and recipient) */
  mailRequested: 'messaging.mail.requested',
  /** Payload: taal.messaging.v1.CourseRatingChanged (a course's shown reviews' figures, versioned; decision 0048) */
  courseRatingChanged: 'messaging.course_rating.changed',
} as const;

export const LearningEvents = {
  /** Payload: taal.learning.v1.PracticeHeard (practice a student's browser heard; its id is the browser's report id; decision 0081) */
  practiceHeard: 'learning.practice.heard',
} as const;
