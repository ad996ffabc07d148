// The course form (back office §4, §5): add (every field, tiers, thumbnail, banner, PDFs and lesson
// videos, each with its access) or update (every field optional, prefilled, new files added), with an
// upload progress bar 0–100.
import { useState, type FormEvent } from 'react';
import { COURSE_CATEGORIES as CATEGORIES, COURSE_LEVELS as LEVELS, COURSE_TIERS, latinDigits, takaOfPoisha, TIER_PRICE_FIELDS, type TierPriceField } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { useSubmit } from '@taal/web-shared/ui';
import type { Course } from '@taal/web-shared/types';
import { SearchPicker } from '@taal/web-shared/search-picker';
import { Field, fieldLabels, missingRequired } from '../components/Field';
import { uploadWithProgress } from '../components/upload';

/** The form's number fields: the course's hours and each tier's price, old price and validity. */
const NUMERIC_FIELD = /^(courseHour|price(Silver|Gold|Diamond)(Price|OldPrice|Validity))$/;
import { UploadProgress } from '../components/UploadProgress';

/** The tiers' API fields (priceSilver, …); the form's inputs are named after them. */
const TIERS = COURSE_TIERS.map((tier) => TIER_PRICE_FIELDS[tier]);
/** The translation key of a course category. */
export const categoryKey = (c: string) => `adminCourses.category.${c.replace(/[^A-Za-z]/g, '')}`;

interface Video {
  file: File;
  title: string;
  status: 'open' | 'login' | 'paid';
}

/** The instructor picker's reads (decision 0087): the first names starting with what was typed, and a course's instructor by id. */
const searchInstructors = async (q: string) =>
  (await answer(authApi.GET('/api/v1/instructor/admin/search', { params: { query: { q, limit: '10' } } }))).data.map((i) => ({ id: i._id, label: i.name }));
const loadInstructor = async (id: string) => {
  const i = (await answer(authApi.GET('/api/v1/instructor/admin/one/{id}', { params: { path: { id } } }))).data;
  return { id: i._id, label: i.name };
};

/** The course form: `mode` add (every field required) or update (every field optional, prefilled). */
export function CourseForm({ mode, course, onDone }: { mode: 'add' | 'update'; course?: Course; onDone: (c: Course) => void }) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState(0);
  const { busy, refusal: problem, submit, refuse } = useSubmit();
  const [videos, setVideos] = useState<Video[]>([]);
  const req = mode === 'add';

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const data = new FormData(formEl);
    // Update: only what was filled in or chosen (back office §2).
    const form = new FormData();
    for (const [k, v] of data.entries()) {
      if (k === 'videos') continue;
      // Hours, prices and days typed in Bengali digits read as Latin ones (the phone field's parser; issue 55).
      if (typeof v === 'string' ? v.trim() !== '' : v.size > 0) form.append(k, typeof v === 'string' && NUMERIC_FIELD.test(k) ? latinDigits(v) : v);
    }
    for (const v of videos) {
      form.append('videos', v.file, v.file.name);
      form.append('videoTitles', v.title);
      form.append('videoStatus', v.status);
    }
    setLabels({ ...fieldLabels(formEl), videos: t('adminCourses.f.videos') });
    // A new course needs every field: name each one left empty (the server's own refusal and words).
    const missing: Record<string, string> = req ? Object.fromEntries(missingRequired(formEl).map((name) => [name, t('refusals:ENTRY_REQUIRED')])) : {};
    if (req && videos.length === 0) missing.videos = t('adminCourses.videoRequired');
    if (Object.keys(missing).length) {
      refuse(t('refusals:COURSE_ADD_FAILED'), missing);
      return;
    }
    setProgress(0);
    const path = req ? '/api/v1/course/add/' : `/api/v1/course/${encodeURIComponent(course!._id)}/`;
    const saved = await submit(() => uploadWithProgress<Course>(path, form, setProgress), {
      done: t(req ? 'adminCourses.msg.courseAdded' : 'adminCourses.msg.courseUpdated'),
      failedKey: req ? 'refusals:COURSE_ADD_FAILED' : 'refusals:COURSE_UPDATE_FAILED',
    });
    setProgress(0);
    if (!saved) return;
    // The chosen files were sent: nothing stays queued, so a second press cannot send them again
    // (issue 40: an update pressed twice made two identical lessons).
    setVideos([]);
    if (req) formEl.reset();
    else for (const input of Array.from(formEl.querySelectorAll<HTMLInputElement>('input[type="file"]'))) input.value = '';
    onDone(saved.answer.data);
  };

  const f = problem?.fields ?? {};
  const c = course;
  const tier = (field: TierPriceField) => c?.[field];
  return (
    <form className="admin-form course-form" onSubmit={(e) => void save(e)} data-testid={`course-form-${mode}`} noValidate>
      {problem && (
        <div className="alert-error admin-alert" role="alert" data-testid="course-form-error">
          {problem.text}
          {Object.keys(problem.fields).length > 0 && (
            <ul>
              {Object.entries(problem.fields).map(([k, v]) => (
                <li key={k}>
                  {labels[k] ?? t(`adminCourses.f.${k}`, { defaultValue: k })}: {v}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="form-grid">
        <Field label={t('adminCourses.f.title')} error={f.title}>
          <input name="title" required={req} defaultValue={c?.title} data-testid="course-title" />
        </Field>
        <Field label={t('adminCourses.f.subtitle')} error={f.subtitle}>
          <input name="subtitle" required={req} defaultValue={c?.subtitle} />
        </Field>
        <Field label={t('adminCourses.f.catagory')} error={f.catagory}>
          <select name="catagory" required={req} defaultValue={c?.catagory ?? ''}>
            <option value="">{t('adminCourses.choose')}</option>
            {CATEGORIES.map((x) => (
              <option key={x} value={x}>
                {t(categoryKey(x))}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('adminCourses.f.courseType')} error={f.courseType}>
          <select name="courseType" required={req} defaultValue={c?.courseType ?? ''}>
            <option value="">{t('adminCourses.choose')}</option>
            {LEVELS.map((x) => (
              <option key={x} value={x}>
                {t(`adminCourses.level.${x}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('adminCourses.f.instructor')} error={f.instructor}>
          <SearchPicker name="instructor" initialId={c?.instructor ?? ''} search={searchInstructors} load={loadInstructor} required={req} testId="course-instructor" />
        </Field>
        <Field label={t('adminCourses.f.courseHour')} error={f.courseHour}>
          <input name="courseHour" inputMode="numeric" pattern="[0-9]*" required={req} defaultValue={c?.courseHour} />
        </Field>
      </div>
      <Field label={t('adminCourses.f.desc')} error={f.desc}>
        <textarea name="desc" rows={4} required={req} defaultValue={c?.desc} />
      </Field>
      <div className="form-grid">
        <Field label={t('adminCourses.f.topic')} error={f.topic}>
          <input name="topic" required={req} defaultValue={c?.topic.join('; ')} placeholder={t('adminCourses.semicolons')} />
        </Field>
        <Field label={t('adminCourses.f.requirements')} error={f.requirements}>
          <input name="requirements" required={req} defaultValue={c?.requirements.join('; ')} placeholder={t('adminCourses.semicolons')} />
        </Field>
        <Field label={t('adminCourses.f.whoFor')} error={f.whoFor}>
          <input name="whoFor" required={req} defaultValue={c?.whoFor.join('; ')} placeholder={t('adminCourses.semicolons')} />
        </Field>
      </div>
      <fieldset className="tier-grid">
        <legend>{t('adminCourses.tiers')}</legend>
        {TIERS.map((field) => (
          <div key={field} className="tier-box" data-tier={field.slice('price'.length)}>
            <strong>{t(`adminCourses.tier.${field.slice('price'.length)}`)}</strong>
            <Field label={t('adminCourses.f.price')} error={f[`${field}Price`]}>
              <input name={`${field}Price`} inputMode="decimal" required={req} defaultValue={tier(field) ? takaOfPoisha(tier(field)!.price) : undefined} />
            </Field>
            <Field label={t('adminCourses.f.oldPrice')} error={f[`${field}OldPrice`]}>
              <input name={`${field}OldPrice`} inputMode="decimal" required={req} defaultValue={tier(field) ? takaOfPoisha(tier(field)!.oldPrice) : undefined} />
            </Field>
            <Field label={t('adminCourses.f.validity')} error={f[`${field}Validity`]}>
              <input name={`${field}Validity`} inputMode="numeric" pattern="[0-9]*" required={req} defaultValue={tier(field)?.validity} />
            </Field>
          </div>
        ))}
      </fieldset>
      <div className="form-grid file-grid">
        <Field label={t('adminCourses.f.thumbnail')} error={f.thumbnail}>
          <input type="file" name="thumbnail" accept="image/jpeg,image/png,image/gif,image/webp" required={req} data-testid="course-thumbnail" />
        </Field>
        <Field label={t('adminCourses.f.banner')} error={f.banner}>
          <input type="file" name="banner" accept="image/jpeg,image/png,image/gif,image/webp" required={req} data-testid="course-banner" />
        </Field>
        <Field label={t('adminCourses.f.documents')} error={f.documents}>
          <input type="file" name="documents" accept="application/pdf" multiple />
        </Field>
        <Field label={t('adminCourses.f.videos')} error={f.videos}>
          <input
            type="file"
            accept="video/*"
            multiple
            data-testid="course-videos"
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []).map((file): Video => ({ file, title: file.name.replace(/\.[^.]+$/, ''), status: 'paid' }));
              setVideos((v) => [...v, ...picked]);
              e.target.value = '';
            }}
          />
        </Field>
      </div>
      {videos.length > 0 && (
        <ol className="lesson-list" data-testid="course-video-list">
          {videos.map((v, i) => (
            <li key={`${v.file.name}-${i}`}>
              <input aria-label={t('adminCourses.lessonTitle')} value={v.title} onChange={(e) => setVideos((all) => all.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))} />
              <select aria-label={t('adminCourses.lessonStatus')} value={v.status} onChange={(e) => setVideos((all) => all.map((x, j) => (j === i ? { ...x, status: e.target.value as Video['status'] } : x)))}>
                {(['open', 'login', 'paid'] as const).map((s) => (
                  <option key={s} value={s}>
                    {t(`adminCourses.status.${s}`)}
                  </option>
                ))}
              </select>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setVideos((all) => all.filter((_, j) => j !== i))}>
                {t('adminCourses.remove')}
              </button>
            </li>
          ))}
        </ol>
      )}
      <UploadProgress progress={progress} testId="upload-progress" />
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="course-submit">
        {busy ? t('adminCourses.uploading') : req ? t('adminCourses.addTitle') : t('adminCourses.updateTitle')}
      </button>
    </form>
  );
}
