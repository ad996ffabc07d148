// /admin/course/exam/:id (issue 53 item 1, decision 0077): the theory exam of one course, written
// in the back office by the admin or the content role (the API allows roles 1 and 2) with the
// instructor panel's editor (@taal/web-shared/exam-editor), reached from the course list. The
// editor is its own lazy chunk: the back office's other screens do not load it.
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { linkTo } from '@taal/web-shared/routes';
import type { Course } from '@taal/web-shared/types';
import { Loading } from '@taal/web-shared/ui';
import { useAdminGet } from '../components/data';
import { readCourse } from '../components/pickers';
import { AdminPage } from '../components/States';

const CourseExamEditor = lazy(() => import('@taal/web-shared/exam-editor'));

export default function CourseExam() {
  const { t } = useTranslation();
  const courseId = useParams().id ?? '';
  // The course's title: the course read by its id (decision 0087; a bounded list would miss most of 100,000).
  const course = useAdminGet<Course>(`admin-course:${courseId}`, () => readCourse(courseId)).data;
  return (
    <AdminPage
      title={course ? `${t('exam.editor.title')}: ${course.title}` : t('exam.editor.title')}
      testId="admin-course-exam"
      actions={
        <Link className="btn btn-outline btn-sm" to={linkTo('/admincourselist')}>
          {t('adminCourses.listTitle')}
        </Link>
      }
    >
      <p className="muted">{t('exam.editor.intro')}</p>
      <Suspense fallback={<Loading />}>
        <CourseExamEditor key={courseId} courseId={courseId} />
      </Suspense>
    </AdminPage>
  );
}
