// Admin back-office (back office §2): every route is admin-only (the server must vouch for an
// admin session); a collapsible 240 px side menu; each screen is its own lazy chunk.
import './admin.css';
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { RoleGuard } from '@taal/web-shared/guard';
import { UserRoles } from '@taal/contracts/web';
import { ContentRoleScreens, Layout } from './components/Layout';
import { Loading, StateLook } from '@taal/web-shared/ui';
import { remoteForPath, type Screens } from '@taal/web-shared/routes';

// The dashboard is /admin's first screen: its chunk is named so that the server preloads it (see storefront's App.tsx).
const Dashboard = lazy(() => import(/* webpackChunkName: "route-admin" */ './pages/Dashboard'));
const UserList = lazy(() => import('./pages/UserList'));
const UserTable = lazy(() => import('./pages/UserTables').then((m) => ({ default: m.UserTable })));
const SubscriberTable = lazy(() => import('./pages/UserTables').then((m) => ({ default: m.SubscriberTable })));
const ViewUser = lazy(() => import('./pages/ViewUser'));
const CreateAccount = lazy(() => import('./pages/CreateAccount'));
const OAuthUsers = lazy(() => import('./pages/OAuthUsers'));
const AnalyticsUsers = lazy(() => import('./pages/AnalyticsUsers'));
const CouponList = lazy(() => import('./pages/Coupons').then((m) => ({ default: m.CouponList })));
const CreateCoupon = lazy(() => import('./pages/Coupons').then((m) => ({ default: m.CreateCoupon })));
const OrderList = lazy(() => import('./pages/Orders').then((m) => ({ default: m.OrderList })));
const PaidOrderList = lazy(() => import('./pages/Orders').then((m) => ({ default: m.PaidOrderList })));
const UpdateLesson = lazy(() => import('./pages/Learning').then((m) => ({ default: m.UpdateLesson })));
const ExpiredSubscriptions = lazy(() => import('./pages/ExpiredSubscriptions').then((m) => ({ default: m.ExpiredSubscriptions })));
const CertificateList = lazy(() => import('./pages/Certificates'));
const FreebieList = lazy(() => import('./pages/Freebies').then((m) => ({ default: m.FreebieList })));
const AddFreebie = lazy(() => import('./pages/Freebies').then((m) => ({ default: m.AddFreebie })));
const UpdateFreebie = lazy(() => import('./pages/Freebies').then((m) => ({ default: m.UpdateFreebie })));
const PopupPage = lazy(() => import('./pages/Popup'));
const StoreCategories = lazy(() => import('./pages/StoreCategories').then((m) => ({ default: m.StoreCategories })));
const StoreProducts = lazy(() => import('./pages/StoreProducts').then((m) => ({ default: m.StoreProducts })));
const StoreOrders = lazy(() => import('./pages/Store').then((m) => ({ default: m.StoreOrders })));
const StoreGiftCards = lazy(() => import('./pages/Store').then((m) => ({ default: m.StoreGiftCards })));
const GiftCardDetail = lazy(() => import('./pages/Store').then((m) => ({ default: m.GiftCardDetail })));
const AdminMessages = lazy(() => import('./pages/Messages'));
const AdminReviews = lazy(() => import('./pages/Reviews'));
const AdminReports = lazy(() => import('./pages/Reports'));
const ManageNotifications = lazy(() => import('./pages/Notifications'));
const MassMail = lazy(() => import('./pages/MassMail'));
const AdminQuestions = lazy(() => import('./pages/Questions'));
const CourseList = lazy(() => import('./pages/Courses').then((m) => ({ default: m.CourseList })));
const AddCourse = lazy(() => import('./pages/Courses').then((m) => ({ default: m.AddCourse })));
const UpdateCourse = lazy(() => import('./pages/Courses').then((m) => ({ default: m.UpdateCourse })));
const CourseExam = lazy(() => import('./pages/CourseExam'));
const InstructorList = lazy(() => import('./pages/Instructors').then((m) => ({ default: m.InstructorList })));
const AddInstructor = lazy(() => import('./pages/Instructors').then((m) => ({ default: m.AddInstructor })));
const UpdateInstructor = lazy(() => import('./pages/Instructors').then((m) => ({ default: m.UpdateInstructor })));
const AddUpcoming = lazy(() => import('./pages/Upcoming').then((m) => ({ default: m.AddUpcoming })));
const UpcomingList = lazy(() => import('./pages/Upcoming').then((m) => ({ default: m.UpcomingList })));
const SalesAnalytics = lazy(() => import('./pages/Payouts').then((m) => ({ default: m.SalesAnalytics })));
const InstructorAnalytics = lazy(() => import('./pages/Payouts').then((m) => ({ default: m.InstructorAnalytics })));
const InstructorDetail = lazy(() => import('./pages/Settlements').then((m) => ({ default: m.InstructorDetail })));
const CourseAnalytics = lazy(() => import('./pages/Payouts').then((m) => ({ default: m.CourseAnalytics })));
const CourseAnalyticsDetail = lazy(() => import('./pages/Payouts').then((m) => ({ default: m.CourseAnalyticsDetail })));
const SettlementList = lazy(() => import('./pages/Settlements').then((m) => ({ default: m.SettlementList })));
const SettlementDetail = lazy(() => import('./pages/Settlements').then((m) => ({ default: m.SettlementDetail })));
const NotFound = lazy(() => import('./pages/NotFound'));

/** The screen of each page routes.json declares for the back office, in its order (decision 0056). */
const screens: Screens<'admin'> = {
  '/admin': <Dashboard />,
  '/adminanalyticssales': <SalesAnalytics />,
  '/adminanalyticsusers': <AnalyticsUsers />,
  '/adminanalyticsinstructor': <InstructorAnalytics />,
  '/adminanalyticscourses': <CourseAnalytics />,
  '/admin/instructor/:id': <InstructorDetail />,
  '/admin/course/analytics/:id': <CourseAnalyticsDetail />,
  '/admincourselist': <CourseList />,
  '/addcourse': <AddCourse />,
  '/updatelesson': <UpdateLesson />,
  '/adminupcomingcourselist': <UpcomingList />,
  '/upcoming': <AddUpcoming />,
  '/updatecourse': <UpdateCourse />,
  '/admin/course/exam/:id': <CourseExam />,
  '/admininstructorlist': <InstructorList />,
  '/addinstructor': <AddInstructor />,
  '/admin-instructor-settlement': <SettlementList />,
  '/instructor-payment': <SettlementList />,
  '/updateinstructor': <UpdateInstructor />,
  '/admin-instructor-settlement/:id': <SettlementDetail />,
  '/adminuserlist': <UserList />,
  '/adminuserlistdetail': <UserTable />,
  '/adminsubsciberlist': <SubscriberTable />,
  '/createaccount': <CreateAccount />,
  '/oauthusers': <OAuthUsers />,
  '/subscription-expire-data': <ExpiredSubscriptions />,
  '/viewuser': <ViewUser />,
  '/adminorderlist': <OrderList />,
  '/adminpaidorderlist': <PaidOrderList />,
  '/admincuponlist': <CouponList />,
  '/cupon': <CreateCoupon />,
  '/adminmessages': <AdminMessages />,
  '/adminreviews': <AdminReviews />,
  '/adminreports': <AdminReports />,
  '/admincertificatelist': <CertificateList />,
  '/manageNotification': <ManageNotifications />,
  '/admin/mass-mailing': <MassMail />,
  '/admin/questions': <AdminQuestions />,
  '/adminfreebies': <FreebieList />,
  '/addpost': <AddFreebie />,
  '/addpopup': <PopupPage />,
  '/update-freebies/:id': <UpdateFreebie />,
  '/adminstorecategories': <StoreCategories />,
  '/adminstoreproduct': <StoreProducts />,
  '/adminstoreorders': <StoreOrders />,
  '/adminstoregiftcard': <StoreGiftCards />,
  '/admin/store/:id': <GiftCardDetail />,
  '/admin/*': <NotFound />,
};

/**
 * The back office draws (and guards) its own pages only. The shell unmounts this remote once the
 * address leaves them, but not at once: meanwhile (its guard just sent a visitor to
 * /login?redirect=…) it draws nothing and navigates nowhere, so the login keeps its redirect.
 */
function BackOfficePagesOnly({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return remoteForPath(pathname) === 'admin' ? <>{children}</> : null;
}

export function App() {
  return (
    <BrowserRouter>
      <BackOfficePagesOnly>
      {/* The back office's loading, empty and error states: boxed notes ('Loading ...', 'No data found'). */}
      <StateLook value="admin">
      <div className="container admin-container">
        {/* The admin, and the content role (2) on its own screens only (decision 0020). */}
        <RoleGuard allow={[UserRoles.admin, UserRoles.content]}>
          <ContentRoleScreens>
          <Layout>
            <Suspense fallback={<Loading />}>
              <Routes>
                {Object.entries(screens).map(([path, element]) => (
                  <Route key={path} path={path} element={element} />
                ))}
                {/* A longer path the shell gives the back office by a pattern's start (/update-freebies/1/2). */}
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </Layout>
          </ContentRoleScreens>
        </RoleGuard>
      </div>
      </StateLook>
      </BackOfficePagesOnly>
    </BrowserRouter>
  );
}
