/** Types of marketplace.cjs (the money flows through the public API). */
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface Account {
  id: string;
  token: string;
  email: string;
  password: string;
  /** An instructor's profile id, else null. */
  profile: string | null;
}
export interface Course {
  id: string;
  title: string;
  price: number;
  instructor: string;
}
export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}
export declare const PDF: Buffer;
export declare class ApiError extends Error {
  status: number;
  body: any;
}
export declare function api(
  base: string,
  options?: { timeoutMs?: number },
): {
  call(method: string, p: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<Answer>;
  get(p: string, token?: string, headers?: Record<string, string>): Promise<any>;
  post(p: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<any>;
};
export declare function login(base: string, email: string, password: string): Promise<Account>;
export declare function keepSignedIn(base: string, accounts: () => Account[], everyMs?: number): () => void;
export declare function demoAccounts(base: string): Promise<{ admin: Account; instructor: Account; student: Account }>;
export declare function signUpStudents(base: string, adminToken: string, n: number, tag?: string): Promise<Account[]>;
export declare function paidCourses(base: string): Promise<Course[]>;
export declare function retrying<T>(step: () => Promise<T>, options?: { tries?: number; delayMs?: number }): Promise<T>;
/** `browser`: where the student's browser reaches a URL (default the URL itself). */
export declare function payOnSandbox(gatewayPageUrl: string, options?: { returnTries?: number; browser?: (url: string) => string }): Promise<Record<string, string>>;
export declare function cardCheckout(
  base: string,
  student: Account,
  course: Course,
  options?: { returnTries?: number; browser?: (url: string) => string },
): Promise<{ orderId: string; amount: number; tranId: string; valId: string }>;
export declare function creditWallet(base: string, adminToken: string, userId: string, amount: number, reference?: string): Promise<any>;
export declare function createVoucher(base: string, adminToken: string, options?: { code?: string; discount?: number; useLimit?: number }): Promise<string>;
export declare function walletCheckout(base: string, student: Account, course: Course, options?: { voucher?: string }): Promise<{ orderId: string; walletUsed: number }>;
export declare function giftCardProducts(base: string): Promise<{ _id: string; name: string; price: number; value: number; param: string }[]>;
export declare function buyGiftCards(
  base: string,
  buyer: Account,
  product: { _id: string; name: string; price: number },
  quantity?: number,
  options?: { returnTries?: number },
): Promise<{ orderId: string; tranId: string }>;
export declare function giftCardCodesIn(mailDir: string, email: string): string[];
export declare function redeemGiftCard(base: string, user: Account, code: string): Promise<{ amount: number; balance: number }>;
export declare function settle(base: string, adminToken: string, profile: string, amount: number): Promise<any>;
