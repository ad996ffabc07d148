// Student and instructor panels: frames only for now, behind the role guards.
import { BrowserRouter, Route, Routes, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { InstructorGuard, StudentGuard } from '@taal/web-shared/guard';

const STUDENT_TABS = ['classroom', 'wishlist', 'messages', 'purchaseHistory', 'profile', 'earnMoney', 'redeemGiftCard'];
const INSTRUCTOR_TABS = ['myCourses', 'profile', 'analytics', 'messages', 'paymentSettlement'];

function Tabs({ kind, tabs }: { kind: 'student' | 'instructor'; tabs: string[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const index = Math.min(Math.max(0, Number(params.get('tab') ?? 0) || 0), tabs.length - 1);
  return (
    <div data-testid={`${kind}-panel`}>
      <h1 className="page-title">{t(`panel.${kind}.title`)}</h1>
      <div className="pills" role="tablist">
        {tabs.map((tab, i) => (
          <button key={tab} type="button" role="tab" className="pill" aria-pressed={i === index} aria-selected={i === index} onClick={() => setParams({ tab: String(i) })}>
            {t(`panel.${kind}.${tab}`)}
          </button>
        ))}
      </div>
      <div className="card section" role="tabpanel">
        <h2>{t(`panel.${kind}.${tabs[index]}`)}</h2>
        <p className="muted">{t('common.comingSoon')}</p>
      </div>
    </div>
  );
}

function Notifications() {
  const { t } = useTranslation();
  return (
    <div className="card">
      <h1>{t('notifications.title')}</h1>
      <p className="muted">{t('notifications.empty')}</p>
    </div>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <div className="container">
        <Routes>
          <Route
            path="/studentpanel"
            element={
              <StudentGuard>
                <Tabs kind="student" tabs={STUDENT_TABS} />
              </StudentGuard>
            }
          />
          <Route
            path="/instructorpanel"
            element={
              <InstructorGuard>
                <Tabs kind="instructor" tabs={INSTRUCTOR_TABS} />
              </InstructorGuard>
            }
          />
          <Route
            path="/notifications"
            element={
              <StudentGuard>
                <Notifications />
              </StudentGuard>
            }
          />
          <Route path="*" element={null} />
        </Routes>
      </div>
    </BrowserRouter>
  );
}
