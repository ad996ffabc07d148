// Student and instructor panels behind the role guards. The tab index is selectable from
// outside (?tab=N, spec §2: the user menu links each student tab). Every tab is built; those a
// first visit does not show load when opened.
import './panel.css';
import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { useVerifiedSession } from '@taal/web-shared/auth';
import { InstructorGuard, StudentGuard } from '@taal/web-shared/guard';
import type { SessionUser } from '@taal/web-shared/session';
import Classroom from './student/Classroom';
import Profile from './Profile';
import NotificationsPage from './Notifications';
import { Loading, PillTabs } from '@taal/web-shared/ui';
import type { Screens } from '@taal/web-shared/routes';

// A student's first visit carries the Classroom (tab 0) and the Profile; the other tabs load when
// opened (issue 40's 200 KB budget per route: /studentpanel had reached it).
const StudentMessages = lazy(() => import('./student/Messages'));
const EarnMoney = lazy(() => import('./student/EarnMoney'));
const PurchaseHistory = lazy(() => import('./student/PurchaseHistory'));
const RedeemGiftCard = lazy(() => import('./student/RedeemGiftCard'));
const Wishlist = lazy(() => import('./student/Wishlist'));
const Certificates = lazy(() => import('./student/Certificates'));
const WalletStatement = lazy(() => import('@taal/web-shared/wallet-statement'));

// The instructor's tabs load when an instructor opens the panel: a student's first visit does not
// carry them (issue 40's 200 KB budget per route).
// The age rule's notice (decision 0047) loads only for a student whose session says approval is pending.
const GuardianNotice = lazy(() => import('./student/GuardianNotice'));
const InstructorMessages = lazy(() => import('./instructor/Messages'));
const MyCourses = lazy(() => import('./instructor/Payouts').then((m) => ({ default: m.MyCourses })));
const InstructorAnalytics = lazy(() => import('./instructor/Payouts').then((m) => ({ default: m.InstructorAnalytics })));
const PaymentSettlement = lazy(() => import('./instructor/Payouts').then((m) => ({ default: m.PaymentSettlement })));
const PublicProfile = lazy(() => import('./instructor/PublicProfile'));
// Lesson questions (issue 41, decision 0050).
const InstructorQuestions = lazy(() => import('./instructor/Questions'));
// Theory exams (issue 53, decision 0072).
const ExamEditor = lazy(() => import('./instructor/ExamEditor'));
// Play-along passages and their figures; the student's practice log (issue 54, decision 0081).
const Passages = lazy(() => import('./instructor/Passages'));
const StudentPractice = lazy(() => import('./student/Practice'));

/** The instructor's Profile tab: the login account, then the public profile students see (issue 40). */
function InstructorProfile({ user }: { user: SessionUser }) {
  return (
    <>
      <Profile user={user} />
      <Suspense fallback={null}>
        <PublicProfile user={user} />
      </Suspense>
    </>
  );
}

// My certificates (issue 40) comes last, so the older tabs keep their ?tab=N.
// The Wallet statement (issue 41) after it, for the same reason.
const STUDENT_TABS = ['classroom', 'wishlist', 'messages', 'purchaseHistory', 'profile', 'earnMoney', 'redeemGiftCard', 'certificates', 'wallet', 'practice'];
const INSTRUCTOR_TABS = ['myCourses', 'profile', 'analytics', 'messages', 'paymentSettlement', 'questions', 'exams', 'passages'];

type TabContent = ComponentType<{ user: SessionUser }>;
const STUDENT_CONTENT: Record<string, TabContent> = { classroom: Classroom, wishlist: Wishlist, purchaseHistory: PurchaseHistory, earnMoney: EarnMoney, redeemGiftCard: RedeemGiftCard };

// Messages (issue 13).
STUDENT_CONTENT.messages = StudentMessages;
const INSTRUCTOR_CONTENT: Record<string, TabContent> = { messages: InstructorMessages, questions: InstructorQuestions, exams: ExamEditor };
// My Courses, Analytics and Payment Settlement (issue 12).
Object.assign(INSTRUCTOR_CONTENT, { myCourses: MyCourses, profile: InstructorProfile, analytics: InstructorAnalytics, paymentSettlement: PaymentSettlement });
STUDENT_CONTENT.profile = Profile;
STUDENT_CONTENT.certificates = Certificates;
STUDENT_CONTENT.practice = StudentPractice;
INSTRUCTOR_CONTENT.passages = Passages;
STUDENT_CONTENT.wallet = ({ user }) => <WalletStatement userId={user._id} />;

/** ?tab=N as an index into `count` tabs (anything else: the first). */
export function tabIndex(param: string | null, count: number): number {
  const n = Number(param ?? 0);
  return Number.isInteger(n) ? Math.min(Math.max(0, n), count - 1) : 0;
}

function Tabs({ kind, tabs, content = {} }: { kind: 'student' | 'instructor'; tabs: string[]; content?: Record<string, TabContent> }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const session = useVerifiedSession();
  const index = tabIndex(params.get('tab'), tabs.length);
  const tab = tabs[index]!;
  const Content = content[tab];
  const user = session.state === 'done' ? session.user : null;
  return (
    <div data-testid={`${kind}-panel`}>
      <h1 className="page-title">{t(`panel.${kind}.title`)}</h1>
      {kind === 'student' && user?.guardianStatus === 'pending' && (
        <Suspense fallback={null}>
          <GuardianNotice user={user} />
        </Suspense>
      )}
      <PillTabs tabs={tabs} selected={tab} onSelect={(name) => setParams({ tab: String(tabs.indexOf(name)) })} label={(name) => t(`panel.${kind}.${name}`)} testIdPrefix="tab" />
      <div className="card section panel-tab" role="tabpanel" data-testid={`tabpanel-${tab}`}>
        <h2>{t(`panel.${kind}.${tab}`)}</h2>
        {Content && user ? (
          <Suspense fallback={<Loading />}>
            <Content user={user} />
          </Suspense>
        ) : (
          <p className="muted">{t('common.comingSoon')}</p>
        )}
      </div>
    </div>
  );
}

/** The screen of each page routes.json declares for the panel (decision 0056). */
const screens: Screens<'panel'> = {
  '/studentpanel': (
    <StudentGuard>
      <Tabs kind="student" tabs={STUDENT_TABS} content={STUDENT_CONTENT} />
    </StudentGuard>
  ),
  '/instructorpanel': (
    <InstructorGuard>
      <Tabs kind="instructor" tabs={INSTRUCTOR_TABS} content={INSTRUCTOR_CONTENT} />
    </InstructorGuard>
  ),
  '/notifications': (
    <StudentGuard>
      <NotificationsPage />
    </StudentGuard>
  ),
};

export function App() {
  return (
    <BrowserRouter>
      <div className="container">
        <Routes>
          {Object.entries(screens).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={null} />
        </Routes>
      </div>
    </BrowserRouter>
  );
}
