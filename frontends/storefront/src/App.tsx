import './storefront.css';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Loading } from '@taal/web-shared/ui';

// A page that is a route's first screen names its chunk `route-<first path segment>`, so that
// the server preloads it with the page (preload.json, frontends/shared/rsbuild-base.mjs).
const Landing = lazy(() => import(/* webpackChunkName: "route-index" */ './pages/Landing'));
const AllCourses = lazy(() => import(/* webpackChunkName: "route-allcourses" */ './pages/AllCourses'));
const CourseView = lazy(() => import(/* webpackChunkName: "route-courseview" */ './pages/CourseView'));
const Search = lazy(() => import(/* webpackChunkName: "route-search" */ './pages/Search'));
const InstructorList = lazy(() => import('./pages/InstructorList'));
const InstructorView = lazy(() => import('./pages/InstructorView'));
const About = lazy(() => import('./pages/About'));
const Policy = lazy(() => import('./pages/Policy'));
const HowToGuide = lazy(() => import('./pages/HowToGuide'));
const Contact = lazy(() => import('./pages/Contact'));
const Cart = lazy(() => import('./pages/Cart'));
const PaymentReturn = lazy(() => import('./pages/PaymentReturn'));
const CertificateVerify = lazy(() => import('./pages/CertificateVerify'));
const Store = lazy(() => import('./pages/Store'));
const GiftCardPurchase = lazy(() => import('./pages/GiftCardPurchase'));
const GiftCardSuccess = lazy(() => import('./pages/GiftCardReturn').then((m) => ({ default: m.GiftCardSuccess })));
const GiftCardFail = lazy(() => import('./pages/GiftCardReturn').then((m) => ({ default: m.GiftCardFail })));
const FreebieList = lazy(() => import('./pages/Freebies').then((m) => ({ default: m.FreebieList })));
const FreebieView = lazy(() => import('./pages/Freebies').then((m) => ({ default: m.FreebieView })));
const Login = lazy(() => import('./pages/auth/Login'));
const Signup = lazy(() => import('./pages/auth/Signup'));
const ForgetPassword = lazy(() => import('./pages/auth/ForgetPassword'));
const ResetPassword = lazy(() => import('./pages/auth/ResetPassword'));
const VerifyEmail = lazy(() => import('./pages/auth/VerifyEmail'));
const GuardianApproval = lazy(() => import('./pages/auth/GuardianApproval'));
const SignInLink = lazy(() => import('./pages/auth/SignInLink'));
const RegistrationSuccessful = lazy(() => import('./pages/auth/Notices').then((m) => ({ default: m.RegistrationSuccessful })));
const PasswordChangeSuccessful = lazy(() => import('./pages/auth/Notices').then((m) => ({ default: m.PasswordChangeSuccessful })));

export function App() {
  return (
    <BrowserRouter>
      <div className="container storefront">
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/" element={<Landing />} />
            <Route path="/allcourses" element={<AllCourses />} />
            <Route path="/search" element={<Search />} />
            <Route path="/courseview" element={<CourseView />} />
            <Route path="/instructorlist" element={<InstructorList />} />
            <Route path="/instructorview/:id" element={<InstructorView />} />
            <Route path="/about" element={<About />} />
            <Route path="/terms" element={<Policy kind="terms" />} />
            <Route path="/privacy" element={<Policy kind="privacy" />} />
            <Route path="/how-to-guide" element={<HowToGuide />} />
            <Route path="/contact" element={<Contact />} />
            <Route path="/freebies" element={<FreebieList />} />
            <Route path="/freebies/:id" element={<FreebieView />} />
            <Route path="/store" element={<Store />} />
            <Route path="/products/giftCard/:id" element={<GiftCardPurchase />} />
            <Route path="/giftcard-successfull" element={<GiftCardSuccess />} />
            <Route path="/giftcard-fail" element={<GiftCardFail />} />
            <Route path="/cart" element={<Cart />} />
            <Route path="/payment/success" element={<PaymentReturn kind="success" />} />
            <Route path="/payment/fail" element={<PaymentReturn kind="fail" />} />
            <Route path="/payment/cancel" element={<PaymentReturn kind="cancel" />} />
            <Route path="/certificate/:id" element={<CertificateVerify />} />
            <Route path="/login" element={<Login />} />
            <Route path="/signup" element={<Signup />} />
            <Route path="/signup/:refercode" element={<Signup />} />
            <Route path="/forgetpassword" element={<ForgetPassword />} />
            <Route path="/reset-password" element={<ResetPassword />} />
            <Route path="/signin-link" element={<SignInLink />} />
            <Route path="/registration-successful" element={<RegistrationSuccessful />} />
            <Route path="/password-change-successful" element={<PasswordChangeSuccessful />} />
            <Route path="/verify-email" element={<VerifyEmail />} />
            <Route path="/verify-email/:token" element={<VerifyEmail />} />
            <Route path="/guardian-approval/:token" element={<GuardianApproval />} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </div>
    </BrowserRouter>
  );
}
