import './storefront.css';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Loading } from '@taal/web-shared/ui';
import type { Screens } from '@taal/web-shared/routes';

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
const Tuner = lazy(() => import(/* webpackChunkName: "route-tuner" */ './pages/Tuner'));
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

/** The screen of each page routes.json declares for the storefront (decision 0056). */
const screens: Screens<'storefront'> = {
  '/': <Landing />,
  '/allcourses': <AllCourses />,
  '/search': <Search />,
  '/courseview': <CourseView />,
  '/instructorlist': <InstructorList />,
  '/instructorview/:id': <InstructorView />,
  '/about': <About />,
  '/terms': <Policy kind="terms" />,
  '/privacy': <Policy kind="privacy" />,
  '/how-to-guide': <HowToGuide />,
  '/contact': <Contact />,
  '/tuner': <Tuner />,
  '/freebies': <FreebieList />,
  '/freebies/:id': <FreebieView />,
  '/store': <Store />,
  '/products/giftCard/:id': <GiftCardPurchase />,
  '/giftcard-successfull': <GiftCardSuccess />,
  '/giftcard-fail': <GiftCardFail />,
  '/cart': <Cart />,
  '/payment/success': <PaymentReturn kind="success" />,
  '/payment/fail': <PaymentReturn kind="fail" />,
  '/payment/cancel': <PaymentReturn kind="cancel" />,
  '/certificate/:id': <CertificateVerify />,
  '/login': <Login />,
  '/signup': <Signup />,
  '/signup/:refercode': <Signup />,
  '/forgetpassword': <ForgetPassword />,
  '/reset-password': <ResetPassword />,
  '/signin-link': <SignInLink />,
  '/registration-successful': <RegistrationSuccessful />,
  '/password-change-successful': <PasswordChangeSuccessful />,
  '/verify-email': <VerifyEmail />,
  '/verify-email/:token': <VerifyEmail />,
  '/guardian-approval/:token': <GuardianApproval />,
};

export function App() {
  return (
    <BrowserRouter>
      <div className="container storefront">
        <Suspense fallback={<Loading />}>
          <Routes>
            {Object.entries(screens).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
            {/* A longer path the shell gives the storefront by a pattern's start (/instructorview/a/b): nothing of its own. */}
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </div>
    </BrowserRouter>
  );
}
